import { memo } from 'react';
import type { WebActivity } from '../api/types.js';
import { ActivityList } from './activity-row.js';
import { AnswerSources } from './answer-sources.js';
import { Markdown } from './markdown.js';
import { ReasoningFold } from './reasoning-fold.js';

export interface ShownMessage {
  /** The stored message's id; none while it streams. */
  id?: number;
  role: 'user' | 'assistant';
  content: string;
  reasoning: string;
  activity: readonly WebActivity[];
  model?: string;
}

/**
 * One message. An answer shows, in order: its searches and reads, the
 * reasoning, the reply as Markdown, then the pages it drew on. A person's
 * message is plain text. A stored message is drawn again only when it changes.
 */
export const MessageView = memo(function MessageView({
  message,
  status,
  highlighted = false,
}: {
  message: ShownMessage;
  /** While calls run: `searching: tokio…`. */
  status?: string | undefined;
  highlighted?: boolean;
}) {
  const anchor = message.id === undefined ? undefined : `m${message.id}`;
  if (message.role === 'user') {
    return (
      <article id={anchor} className={`message user${highlighted ? ' highlighted' : ''}`}>
        <p className="user-text">{message.content}</p>
      </article>
    );
  }
  return (
    <article
      id={anchor}
      className={`message assistant${highlighted ? ' highlighted' : ''}`}
      aria-busy={status !== undefined}
    >
      <ActivityList activity={message.activity} />
      {status ? (
        <p className="status-line" role="status">
          {status}
        </p>
      ) : null}
      <ReasoningFold reasoning={message.reasoning} />
      {message.content ? <Markdown text={message.content} /> : null}
      {status === undefined ? (
        <AnswerSources content={message.content} activity={message.activity} />
      ) : null}
    </article>
  );
});
