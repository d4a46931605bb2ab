import { useEffect, useRef, useState } from 'react';
import { ApiError, api, chatPath, OFFLINE } from '../api/client.js';
import { sendMessage } from '../api/send-message.js';
import type { Chat, ChatView, ProviderStatus, Session } from '../api/types.js';
import { useLoad } from '../api/use-load.js';
import { navigate } from '../shell/route.js';
import { Composer } from './composer.js';
import { applyEvent, type LiveTurn, startTurn, statusLine } from './live-turn.js';
import { MessageView } from './message-view.js';
import { ConnectionLost, NoModelServer, SearchTrouble, TurnFailed } from './notices.js';
import { ToolsMenu } from './tools-menu.js';

/** A chat: its messages, the turn streaming in, the composer and the Tools menu. */
export function ChatPage({
  routeChatId,
  messageId,
  session,
  providers,
  onChatsChanged,
}: {
  routeChatId: string | undefined;
  messageId: number | undefined;
  session: Session;
  providers: readonly ProviderStatus[] | undefined;
  onChatsChanged: () => void;
}) {
  // The chat shown: the route's, or the one this page just created for a first message.
  const [chatId, setChatId] = useState(routeChatId);
  const [draft, setDraft] = useState('');
  // `stored`: the server holds the turn, so only its notices stay on screen.
  const [turn, setPageTurn] = useState<
    (LiveTurn & { stored?: boolean; stopped?: boolean }) | undefined
  >();
  const [pendingWebOff, setPendingWebOff] = useState(false);
  const [problem, setProblem] = useState<ApiError | undefined>();
  const stop = useRef<AbortController | undefined>(undefined);
  // Bumped when another chat is opened, so a turn still running there leaves this page alone.
  const generation = useRef(0);
  const bottom = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (routeChatId === chatId) return;
    // A turn still running in the chat left behind goes on, and the server stores its answer.
    generation.current++;
    setChatId(routeChatId);
    setPageTurn(undefined);
    setPendingWebOff(false);
    setProblem(undefined);
    setDraft('');
  }, [routeChatId, chatId]);

  const chat = useLoad<ChatView | undefined>(
    () => (chatId ? api<ChatView>(chatPath(chatId)) : Promise.resolve(undefined)),
    [chatId],
  );

  // A link from History lands on its message.
  useEffect(() => {
    if (messageId === undefined || !chat.data) return;
    document.getElementById(`m${messageId}`)?.scrollIntoView({ block: 'center' });
  }, [messageId, chat.data]);

  // Follow the answer as it streams, unless the person scrolled up to read.
  useEffect(() => {
    const page = document.scrollingElement;
    if (!page || !turn) return;
    if (page.scrollHeight - page.scrollTop - page.clientHeight < 200)
      bottom.current?.scrollIntoView({ block: 'end' });
  }, [turn]);

  // Back in a chat whose answer is still being written (left while it ran): show it when stored.
  const answeringElsewhere = chat.data?.answering === true && turn === undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: polls while that answer is written
  useEffect(() => {
    if (!answeringElsewhere) return;
    const poll = setInterval(chat.reload, 1_000);
    return () => clearInterval(poll);
  }, [answeringElsewhere]);

  const webOff = chat.data?.webOff ?? pendingWebOff;

  const setWebOff = async (off: boolean) => {
    if (!chatId || !chat.data) return setPendingWebOff(off);
    try {
      await api(`${chatPath(chatId)}/builtins`, {
        method: 'PUT',
        body: { off: off ? ['web'] : [] },
      });
      chat.set({ ...chat.data, webOff: off });
    } catch (error) {
      setProblem(error as ApiError);
    }
  };

  /** Runs one turn; `retry` asks again for the stored question whose answer was lost. */
  const run = async (question: string, retry = false) => {
    setProblem(undefined);
    // A stopped turn was shown as it streamed; the store has it now.
    if (turn?.stopped) chat.reload();
    let id = chatId;
    const controller = new AbortController();
    stop.current = controller;
    const mine = ++generation.current;
    const setTurn = (next: Parameters<typeof setPageTurn>[0]) => {
      if (generation.current === mine) setPageTurn(next);
    };
    let live = startTurn(question);
    setTurn(live);
    try {
      if (!id) {
        // Titled after the question (the server shortens it), so the list shows it at once.
        const created = await api<Chat>('/api/chats', {
          method: 'POST',
          body: { title: question.slice(0, 200) },
        });
        id = created.id;
        onChatsChanged();
        if (pendingWebOff)
          await api(`${chatPath(id)}/builtins`, { method: 'PUT', body: { off: ['web'] } });
        setChatId(id);
        navigate(`/chats/${encodeURIComponent(id)}`);
      }
      // Shown at most once a frame: a long answer is parsed as Markdown at each showing.
      let frame = 0;
      const show = () => {
        frame = 0;
        setTurn(live);
      };
      try {
        for await (const event of sendMessage(id, question, controller.signal, retry)) {
          live = applyEvent(live, event);
          if (frame === 0) frame = requestAnimationFrame(show);
        }
      } finally {
        cancelAnimationFrame(frame);
        setTurn(live);
      }
    } catch (error) {
      if (!controller.signal.aborted) {
        live = {
          ...live,
          error: {
            message: error instanceof Error ? error.message : String(error),
            code: error instanceof ApiError ? error.code : 'internal',
          },
        };
        setTurn(live);
      }
    } finally {
      if (stop.current === controller) stop.current = undefined;
    }
    if (controller.signal.aborted) {
      // The server stores what was said before the stop; until asked again, show it as it stood.
      setTurn({ ...live, done: true, stopped: true });
      return onChatsChanged();
    }
    // The chat could not even be created: the turn's error says why.
    if (!id) return setTurn({ ...live, done: true });
    // What the server stored is the truth; a turn that failed stays on screen to be read.
    const stored = await api<ChatView>(chatPath(id)).catch(() => undefined);
    onChatsChanged();
    if (!stored) {
      // The turn ended (perhaps cancelled by a stopping server) and lookout no longer answers.
      const lost = { message: 'lookout stopped answering after this turn.', code: OFFLINE };
      return setTurn({
        ...live,
        done: true,
        error: live.error?.code === OFFLINE ? live.error : lost,
      });
    }
    if (generation.current !== mine) return;
    chat.set(stored);
    setTurn(live.error ? { ...live, done: true, stored: true } : undefined);
  };

  const send = () => {
    const question = draft.trim();
    setDraft('');
    void run(question);
  };

  /**
   * After a lost connection: show what the server kept, and ask again when the
   * question is unanswered there (without storing it twice) or never arrived.
   */
  const retry = async () => {
    if (!turn || !chatId) return turn && run(turn.question);
    try {
      const stored = await api<ChatView>(chatPath(chatId));
      const last = stored.messages[stored.messages.length - 1];
      const answered = stored.messages.some(
        (message, index) =>
          message.role === 'user' &&
          message.content === turn.question &&
          stored.messages[index + 1]?.role === 'assistant',
      );
      chat.set(stored);
      if (answered) setPageTurn(undefined);
      else await run(turn.question, last?.role === 'user' && last.content === turn.question);
    } catch (error) {
      setPageTurn({ ...turn, error: { message: (error as Error).message, code: OFFLINE } });
    }
  };

  if (chat.error?.status === 404) {
    return (
      <section className="chat-page">
        <p className="notice error">This chat does not exist (any more).</p>
      </section>
    );
  }

  const running = turn !== undefined && !turn.done;
  const stored = chat.data?.messages ?? [];
  const last = stored[stored.length - 1];
  // The question of a turn still streaming is shown with its turn, not twice.
  const messages =
    turn && !turn.stored && last?.role === 'user' && last.content === turn.question
      ? stored.slice(0, -1)
      : stored;

  return (
    <section className="chat-page">
      <header className="chat-header">
        <h1>{chat.data?.title || (chatId ? 'Untitled chat' : 'New chat')}</h1>
        <ToolsMenu webOff={webOff} onWebOff={setWebOff} providers={providers} />
      </header>
      <div className="messages">
        {messages.length === 0 && !turn ? (
          <p className="empty-chat quiet">
            Ask a question. The model can search the web and read pages; every search and read shows
            above its answer.
          </p>
        ) : null}
        {messages.map((message) => (
          <MessageView key={message.id} message={message} highlighted={message.id === messageId} />
        ))}
        {turn && !turn.stored ? (
          <>
            <MessageView
              message={{ role: 'user', content: turn.question, reasoning: '', activity: [] }}
            />
            <MessageView
              message={{
                role: 'assistant',
                content: turn.content,
                reasoning: turn.reasoning,
                activity: turn.activity,
              }}
              status={statusLine(turn) ?? (running && !turn.content ? 'thinking…' : undefined)}
            />
          </>
        ) : null}
        <SearchTrouble
          activity={turn && !turn.stored ? turn.activity : (last?.activity ?? [])}
          admin={session.role === 'admin'}
        />
        {turn?.error?.code === 'no_model_server' ? (
          <NoModelServer message={turn.error.message} admin={session.role === 'admin'} />
        ) : turn?.error?.code === OFFLINE ? (
          <ConnectionLost message={turn.error.message} onRetry={() => void retry()} />
        ) : turn?.error ? (
          <TurnFailed message={turn.error.message} />
        ) : null}
        {answeringElsewhere ? (
          <p className="status-line" role="status">
            still answering…
          </p>
        ) : null}
        {turn?.stopped ? <p className="quiet stopped">Stopped.</p> : null}
        {problem ? <TurnFailed message={problem.message} /> : null}
        <div ref={bottom} />
      </div>
      <Composer
        draft={draft}
        onDraft={setDraft}
        onSend={send}
        onStop={() => stop.current?.abort()}
        running={running}
      />
    </section>
  );
}
