import { useState } from 'react';
import type { Source } from '../api/types.js';
import { SafeLink } from './safe-link.js';

/** Rows shown before the `show N more` row. */
const FIRST_ROWS = 4;

/** The sources of one call: escaped title, clickable address, date, snippet. */
export function SourceList({ sources }: { sources: readonly Source[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? sources : sources.slice(0, FIRST_ROWS);
  const hidden = sources.length - shown.length;
  return (
    <ol className="sources">
      {shown.map((source) => (
        <li key={source.url} className="source">
          <div className="source-title">{source.title || source.url}</div>
          <div className="source-meta">
            <SafeLink href={source.url}>{source.url}</SafeLink>
            {source.published ? <time dateTime={source.published}>{source.published}</time> : null}
          </div>
          {source.snippet ? <p className="source-snippet">{source.snippet}</p> : null}
        </li>
      ))}
      {hidden > 0 ? (
        <li className="more">
          <button type="button" className="link-button" onClick={() => setAll(true)}>
            show {hidden} more
          </button>
        </li>
      ) : null}
    </ol>
  );
}
