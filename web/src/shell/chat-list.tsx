import { useState } from 'react';
import { api, chatPath } from '../api/client.js';
import type { Chat } from '../api/types.js';
import { Link, navigate } from './route.js';

/** The chats, the latest first: open, rename in place, delete. */
export function ChatList({
  chats,
  currentId,
  onChanged,
  onError,
}: {
  chats: readonly Chat[];
  currentId: string | undefined;
  onChanged: () => void;
  onError: (error: Error) => void;
}) {
  const [renaming, setRenaming] = useState<string | undefined>();
  const [title, setTitle] = useState('');

  const rename = async (chat: Chat) => {
    setRenaming(undefined);
    const next = title.trim();
    if (next === '' || next === chat.title) return;
    try {
      await api(chatPath(chat.id), { method: 'PATCH', body: { title: next } });
      onChanged();
    } catch (error) {
      onError(error as Error);
    }
  };

  const remove = async (chat: Chat) => {
    if (!window.confirm(`Delete "${chat.title || 'Untitled chat'}" and its messages?`)) return;
    try {
      await api(chatPath(chat.id), { method: 'DELETE' });
      if (chat.id === currentId) navigate('/');
      onChanged();
    } catch (error) {
      onError(error as Error);
    }
  };

  if (chats.length === 0) return <p className="quiet chat-list-empty">No chats yet.</p>;
  return (
    <ul className="chat-list" aria-label="Chats">
      {chats.map((chat) => (
        <li key={chat.id} className={chat.id === currentId ? 'current' : undefined}>
          {renaming === chat.id ? (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                void rename(chat);
              }}
            >
              <input
                aria-label="Chat title"
                // biome-ignore lint/a11y/noAutofocus: the person just asked to rename this chat
                autoFocus
                value={title}
                maxLength={200}
                onChange={(event) => setTitle(event.target.value)}
                onBlur={() => void rename(chat)}
                onKeyDown={(event) => event.key === 'Escape' && setRenaming(undefined)}
              />
            </form>
          ) : (
            <>
              <Link href={`/chats/${encodeURIComponent(chat.id)}`} className="chat-link">
                {chat.title || 'Untitled chat'}
              </Link>
              <span className="chat-actions">
                <button
                  type="button"
                  className="icon"
                  aria-label={`Rename ${chat.title || 'Untitled chat'}`}
                  title="Rename"
                  onClick={() => {
                    setTitle(chat.title);
                    setRenaming(chat.id);
                  }}
                >
                  ✎
                </button>
                <button
                  type="button"
                  className="icon"
                  aria-label={`Delete ${chat.title || 'Untitled chat'}`}
                  title="Delete"
                  onClick={() => void remove(chat)}
                >
                  ✕
                </button>
              </span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
