import { useState } from 'react';
import { api, OFFLINE } from '../api/client.js';
import type { Chat, ProviderStatus, Session } from '../api/types.js';
import { useLoad } from '../api/use-load.js';
import { ChatPage } from '../chat/chat-page.js';
import { HistoryPage } from '../history/history-page.js';
import { SettingsPage } from '../settings/settings-page.js';
import { ChatList } from './chat-list.js';
import { ProblemNotice } from './problem-notice.js';
import { Link, useRoute } from './route.js';
import { TokenPrompt } from './token-prompt.js';

/** The page: the chats beside whatever the address names (a chat, Settings, History). */
export function App() {
  const route = useRoute();
  const session = useLoad(() => api<Session>('/api/session'), []);
  const chats = useLoad(() => api<Chat[]>('/api/chats'), [session.data]);
  const providers = useLoad(
    () => api<ProviderStatus[]>('/api/providers'),
    [session.data, route.page],
  );
  const [problem, setProblem] = useState<Error | undefined>();

  if (session.error?.status === 401) {
    return (
      <TokenPrompt
        message={`This lookout asks for a token: ${session.error.message}`}
        onToken={session.reload}
      />
    );
  }
  if (session.error) {
    return (
      <main className="token-prompt">
        <h1>lookout</h1>
        <p className="notice error" role="alert">
          {session.error.code === OFFLINE ? 'lookout is not answering.' : session.error.message}{' '}
          <button type="button" onClick={session.reload}>
            Retry
          </button>
        </p>
      </main>
    );
  }
  if (!session.data) return <main className="loading quiet">Loading…</main>;

  const currentChat = route.page === 'chat' ? route.chatId : undefined;
  return (
    <div className="app">
      <nav className="sidebar" aria-label="lookout">
        <div className="brand">
          <Link href="/">lookout</Link>
          <span className="quiet version">{session.data.version}</span>
        </div>
        <Link href="/" className="new-chat">
          + New chat
        </Link>
        <ChatList
          chats={chats.data ?? []}
          currentId={currentChat}
          onChanged={chats.reload}
          onError={setProblem}
        />
        <div className="nav-links">
          <Link href="/history" className={route.page === 'history' ? 'current' : undefined}>
            History
          </Link>
          {session.data.role === 'admin' ? (
            <Link href="/settings" className={route.page === 'settings' ? 'current' : undefined}>
              Settings
            </Link>
          ) : null}
        </div>
      </nav>
      <main className="content">
        <ProblemNotice problem={problem} onDismiss={() => setProblem(undefined)} />
        {route.page === 'settings' ? (
          <SettingsPage session={session.data} />
        ) : route.page === 'history' ? (
          <HistoryPage />
        ) : (
          <ChatPage
            routeChatId={route.chatId}
            messageId={route.messageId}
            session={session.data}
            providers={providers.data}
            onChatsChanged={chats.reload}
          />
        )}
      </main>
    </div>
  );
}
