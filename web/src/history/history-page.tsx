import { useEffect, useState } from 'react';
import { api } from '../api/client.js';
import type { HistoryHit } from '../api/types.js';
import { useLoad } from '../api/use-load.js';
import { Link } from '../shell/route.js';

/** Typing pauses this long before the search runs. */
const PAUSE_MS = 200;

/** The snippet with its matched words (between `**` marks) highlighted, as text. */
function Snippet({ text }: { text: string }) {
  const parts = text.split('**');
  return (
    <p className="snippet">
      {parts.map((part, index) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
        index % 2 === 1 ? <mark key={index}>{part}</mark> : <span key={index}>{part}</span>,
      )}
    </p>
  );
}

/** Search over what people and models wrote in every chat (never the web text they saw). */
export function HistoryPage() {
  const [query, setQuery] = useState('');
  const [asked, setAsked] = useState('');
  useEffect(() => {
    const wait = setTimeout(() => setAsked(query.trim()), PAUSE_MS);
    return () => clearTimeout(wait);
  }, [query]);
  const hits = useLoad(
    () =>
      asked === ''
        ? Promise.resolve([])
        : api<HistoryHit[]>(`/api/history?q=${encodeURIComponent(asked)}&limit=50`),
    [asked],
  );

  return (
    <section className="history-page">
      <h1>History</h1>
      <search>
        <form onSubmit={(event) => event.preventDefault()}>
          <input
            type="search"
            aria-label="Search past messages"
            placeholder="Search past messages"
            // biome-ignore lint/a11y/noAutofocus: searching is all this page is for
            autoFocus
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </form>
      </search>
      {hits.error ? <p className="notice error">{hits.error.message}</p> : null}
      {asked !== '' && hits.data?.length === 0 && !hits.loading ? (
        <p className="quiet">Nothing found for “{asked}”.</p>
      ) : null}
      <ol className="history-hits">
        {(hits.data ?? []).map((hit) => (
          <li key={hit.messageId}>
            <Link href={`/chats/${encodeURIComponent(hit.chatId)}#m${hit.messageId}`}>
              {hit.chatTitle || 'Untitled chat'}
            </Link>
            <span className="quiet">
              {' '}
              · {hit.role === 'user' ? 'you' : 'answer'} ·{' '}
              <time dateTime={hit.createdAt}>{new Date(hit.createdAt).toLocaleString()}</time>
            </span>
            <Snippet text={hit.snippet} />
          </li>
        ))}
      </ol>
    </section>
  );
}
