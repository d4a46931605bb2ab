import { activityLine } from '../../../src/activity-lines.js';
import type { WebActivity } from '../api/types.js';
import { FoldButton, useFold } from './fold.js';
import { SourceList } from './source-list.js';

/**
 * One search or read of a turn, folded to its line (`▸ searched: tokio (5
 * results)`); it opens on its own to show what the call found, or why it failed.
 */
export function ActivityRow({ activity }: { activity: WebActivity }) {
  const fold = useFold();
  const line = activityLine(activity);
  // A read names its host; the full address is in the tooltip.
  const tooltip = activity.kind === 'fetch' ? activity.target : line;
  return (
    <li className={`activity ${activity.ok ? 'ok' : 'failed'}`}>
      <FoldButton fold={fold} title={tooltip}>
        {line}
      </FoldButton>
      {fold.open ? (
        <div id={fold.panel} className="fold-body">
          {activity.ok ? null : <p className="failure">{activity.error ?? activity.summary}</p>}
          {activity.sources.length > 0 ? <SourceList sources={activity.sources} /> : null}
          {activity.ok && activity.sources.length === 0 ? (
            <p className="quiet">{activity.summary}</p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** A turn's calls in the order they happened. */
export function ActivityList({ activity }: { activity: readonly WebActivity[] }) {
  if (activity.length === 0) return null;
  return (
    <ul className="activity-list" aria-label="Web activity">
      {activity.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: stored calls have no id; the list only grows at its end
        <ActivityRow key={index} activity={entry} />
      ))}
    </ul>
  );
}
