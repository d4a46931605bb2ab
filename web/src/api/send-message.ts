import { EventSourceParserStream } from 'eventsource-parser/stream';
import { ApiError, chatPath, errorOf, OFFLINE, request } from './client.js';
import type { ChatEvent } from './types.js';

/**
 * Sends a person's message and yields the turn's events as the server streams
 * them. A stream that ends without its `done` event means the connection was
 * lost mid-turn: that is an ApiError with code `offline`.
 */
export async function* sendMessage(
  chatId: string,
  content: string,
  signal: AbortSignal,
  /** Ask again for the last question, whose answer a lost connection took. */
  retry = false,
): AsyncGenerator<ChatEvent> {
  const response = await request(`${chatPath(chatId)}/messages`, {
    method: 'POST',
    body: retry ? { content, retry } : { content },
    signal,
  });
  if (!response.ok) throw await errorOf(response);
  if (!response.body) throw new ApiError(0, OFFLINE, 'the server sent no stream');
  const events = response.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream());
  let ended = false;
  try {
    for await (const message of events) {
      const event = JSON.parse(message.data) as ChatEvent;
      if (event.type === 'done') ended = true;
      yield event;
    }
  } catch (error) {
    if (signal.aborted) throw error;
  }
  if (!ended && !signal.aborted) {
    throw new ApiError(0, OFFLINE, 'the connection to lookout was lost during the answer');
  }
}
