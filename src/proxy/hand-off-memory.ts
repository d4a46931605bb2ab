import { LRUCache } from 'lru-cache';
import type { HandOff } from '../chat/events.js';
import type { ChatMessage, ToolCall } from '../chat/types.js';

/** Characters of web calls and results kept: a few hundred hand-offs with long pages read. */
const MAX_KEPT_CHARS = 32 * 1024 * 1024;

/** How long a conversation may pause between a hand-off and the client's next request. */
const KEPT_FOR_MS = 2 * 60 * 60 * 1000;

/**
 * The web calls and results a turn made before it handed calls to the client.
 * A client keeps only what it was sent (the answer and its own calls), so
 * without this the model would lose what it read once the client comes back.
 * They are kept here, by user and call, and put back before the assistant
 * message that holds those calls, every time the conversation comes back, so
 * the model sees the same conversation each time. Lost on a restart, or on
 * another instance: then the conversation goes on without them.
 */
export class HandOffMemory {
  #kept = new LRUCache<string, ChatMessage[]>({
    maxSize: MAX_KEPT_CHARS,
    sizeCalculation: (messages) => Math.max(1, JSON.stringify(messages).length),
    ttl: KEPT_FOR_MS,
    updateAgeOnGet: true,
  });

  keep(user: string, handOff: HandOff): void {
    if (handOff.webMessages.length === 0) return;
    for (const call of handOff.calls) this.#kept.set(keyOf(user, call), handOff.webMessages);
  }

  /** The conversation with what was kept put back in its place. */
  restore(user: string, messages: readonly ChatMessage[]): ChatMessage[] {
    const restored: ChatMessage[] = [];
    for (const message of messages) {
      // A client's messages are as it sent them: calls may be anything.
      const calls: unknown[] =
        message.role === 'assistant' && Array.isArray(message.tool_calls) ? message.tool_calls : [];
      const found = new Set<ChatMessage[]>();
      for (const call of calls) {
        const webMessages = isCall(call) ? this.#kept.get(keyOf(user, call)) : undefined;
        if (webMessages) found.add(webMessages);
      }
      for (const webMessages of found) restored.push(...webMessages);
      restored.push(message);
    }
    return restored;
  }
}

/** Upstream call ids are random; the user keeps one person's web activity out of another's conversation. */
const keyOf = (user: string, call: ToolCall): string =>
  `${user}\n${call.id}\n${call.function.name}`;

const isCall = (value: unknown): value is ToolCall =>
  typeof (value as ToolCall | null)?.id === 'string' &&
  typeof (value as ToolCall).function?.name === 'string';
