import type { ChatEvent } from '../chat/events.js';
import { findUpstream } from '../chat/find-upstream.js';
import { runTurn } from '../chat/loop.js';
import type { ChatMessage } from '../chat/types.js';
import type { ChatStore } from '../store/chats.js';
import { WEB_TOOLS } from '../tools/index.js';
import type { ServerContext } from './server-context.js';

export interface ChatTurnRequest {
  chatId: string;
  content: string;
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
  await chats.addMessage(chat.id, { role: 'user', content: request.content });
  const history: ChatMessage[] = [
    ...chat.messages.map(
      (message) => ({ role: message.role, content: message.content }) as ChatMessage,
    ),
    { role: 'user', content: request.content },
  ];

  // The upstream key: the environment's, else the one saved in the key file.
  const upstreamKey = server.settings.upstream_key || server.keys?.get('upstream') || '';
  const upstream = await findUpstream({ ...server.settings, upstream_key: upstreamKey });
  if (!upstream.ok) {
    yield { type: 'error', message: upstream.failure.message };
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
    toolContext: {
      search: server.search,
      // Searches in a turn count against the person's limit, like the search route.
      user: request.user,
      settings: server.settings,
      ...(server.resolve ? { resolve: server.resolve } : {}),
      ...(server.ownAddresses ? { ownAddresses: server.ownAddresses } : {}),
    },
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
