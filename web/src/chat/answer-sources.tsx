import { sourcesOfTurn } from '../../../src/activity-lines.js';
import type { WebActivity } from '../api/types.js';
import { SafeLink } from './safe-link.js';

/** The pages an answer drew on, numbered, as `lookout chat` and the proxy list them after an answer. */
export function AnswerSources({
  content,
  activity,
}: {
  content: string;
  activity: readonly WebActivity[];
}) {
  const sources = sourcesOfTurn(content, activity);
  if (sources.length === 0 || content === '') return null;
  return (
    <ol className="answer-sources" aria-label="Sources">
      {sources.map((source) => (
        <li key={source.url}>
          <SafeLink href={source.url} title={source.url}>
            {source.title || source.url}
          </SafeLink>
        </li>
      ))}
    </ol>
  );
}
