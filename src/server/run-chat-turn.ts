import type { ChatEvent } from '../chat/events.js';
import { runTurn } from '../chat/loop.js';
import type { ChatMessage } from '../chat/types.js';
import type { ChatStore } from '../store/chats.js';
import { WEB_TOOLS } from '../tools/index.js';
import { findModelServer } from './find-model-server.js';
import type { ServerContext } from './server-context.js';
import { toolContextFor } from './tool-context.js';

export interface ChatTurnRequest {
  chatId: string;
  content: string;
  /** Ask again for the chat's last question, left unanswered (a lost connection): it is not stored twice. */
  retry?: boolean;
  user: string;
  signal: AbortSignal;
}

/**
 * One turn of a stored chat: the person's message is stored at once, the
 * loop's events go to the caller as they come, and the answer is stored with
 * its web activity when the turn ends, also when it ended on an error.
 */
export async function* runChatTurn(
  server: ServerContext,
  chats: ChatStore,
  request: ChatTurnRequest,
): AsyncGenerator<ChatEvent> {
  const chat = await chats.getChat(request.chatId);
  if (!chat) return;
  // A retry of a question whose answer was lost asks again without storing the question twice.
  const last = chat.messages[chat.messages.length - 1];
  const unanswered = last?.role === 'user' && last.content === request.content;
  const earlier = request.retry && unanswered ? chat.messages.slice(0, -1) : chat.messages;
  if (earlier === chat.messages)
    await chats.addMessage(chat.id, { role: 'user', content: request.content });
  const history: ChatMessage[] = [
    ...earlier.map((message) => ({ role: message.role, content: message.content }) as ChatMessage),
    { role: 'user', content: request.content },
  ];

  const upstream = await findModelServer(server);
  if (!upstream.ok) {
    yield { type: 'error', code: 'no_model_server', message: upstream.failure.message };
    const done: ChatEvent = {
      type: 'done',
      content: '',
      reasoning: '',
      activity: [],
      usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
    };
    await chats.addMessage(chat.id, { role: 'assistant', content: '' });
    yield done;
    return;
  }
  for await (const event of runTurn({
    upstream: upstream.value,
    messages: history,
    tools: chat.webOff ? [] : WEB_TOOLS,
    toolContext: toolContextFor(server, request.user),
    maxToolRounds: server.settings.max_tool_rounds,
    signal: request.signal,
  })) {
    if (event.type === 'done') {
      await chats.addMessage(chat.id, {
        role: 'assistant',
        content: event.content,
        reasoning: event.reasoning,
        model: upstream.value.model,
        usage: event.usage,
        activity: event.activity,
      });
    }
    yield event;
  }
}
