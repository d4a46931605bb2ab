import { sourcesOfTurn } from '../activity-lines.js';
import type { ChatEvent } from '../chat/events.js';
import type { ToolCall, Usage } from '../chat/types.js';
import type { Source, WebActivity } from '../types.js';
import { BAD_GATEWAY } from './openai-error.js';
import { progressNote } from './progress-note.js';
import { sourceList } from './source-list.js';

/** Sources listed under an answer: the few it drew on most, not every result seen. */
const MAX_LISTED_SOURCES = 5;

type ToolEvent = Extract<ChatEvent, { type: 'tool-start' | 'tool-done' }>;

/** The extension field `lookout`, for clients that want the web activity as data. */
export type LookoutField =
  /** On the chunk of each progress note: the loop's event, as the chat API sends it. */
  | { event: ToolEvent }
  /** On the last chunk, and on a whole completion: the turn's web calls and the answer's sources. */
  | { activity: WebActivity[]; sources: Source[] };

export interface ChunkDelta {
  role?: 'assistant';
  content?: string;
  reasoning_content?: string;
  tool_calls?: (ToolCall & { index: number })[];
}

/** One `chat.completion.chunk`, as OpenAI streams them. */
export interface CompletionChunk {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  choices: { index: 0; delta: ChunkDelta; finish_reason: string | null }[];
  usage?: Usage;
  lookout?: LookoutField;
}

/** A chunk to send, or the failure that ends the answer (`status` for a client not yet answered). */
export type ProxyOutput =
  | { chunk: CompletionChunk }
  | { failure: { status: number; message: string; code: string | null } };

export interface ChunkOptions {
  id: string;
  /** The model as the client named it. */
  model: string;
  created: number;
  /** End an answer with the numbered list of its sources. */
  sourceList: boolean;
  /** Send the usage of every round, summed, in a last chunk without choices. */
  usage: boolean;
}

/**
 * A turn's events as an OpenAI completion stream: reasoning as
 * `reasoning_content`, each web call as a progress note there too, the
 * answer as `content`, then the source list; calls the client runs as
 * `tool_calls`. Chunks begin only with the turn's first event, so a failure
 * before any can still be answered with its status.
 */
export async function* completionChunks(
  events: AsyncIterable<ChatEvent>,
  options: ChunkOptions,
): AsyncGenerator<ProxyOutput> {
  const base = {
    id: options.id,
    object: 'chat.completion.chunk' as const,
    created: options.created,
    model: options.model,
  };
  let started = false;
  let reasoningEnd = '\n';
  let contentEnd = '';
  let webSinceContent = false;

  function* emit(
    delta: ChunkDelta,
    finish: string | null = null,
    lookout?: LookoutField,
  ): Generator<ProxyOutput> {
    if (!started) {
      started = true;
      yield* emit({ role: 'assistant', content: '' });
    }
    const choices = [{ index: 0 as const, delta, finish_reason: finish }];
    yield { chunk: { ...base, choices, ...(lookout ? { lookout } : {}) } };
  }

  for await (const event of events) {
    switch (event.type) {
      case 'reasoning':
        reasoningEnd = event.text.at(-1) ?? reasoningEnd;
        yield* emit({ reasoning_content: event.text });
        break;
      case 'content': {
        // Text after web calls is a new paragraph, not the end of the sentence before them.
        const gap = webSinceContent && contentEnd && contentEnd !== '\n' ? '\n\n' : '';
        webSinceContent = false;
        contentEnd = event.text.at(-1) ?? contentEnd;
        yield* emit({ content: `${gap}${event.text}` });
        break;
      }
      case 'tool-start':
      case 'tool-done': {
        const note = `${reasoningEnd === '\n' ? '' : '\n'}${progressNote(event)}`;
        reasoningEnd = '\n';
        webSinceContent = true;
        yield* emit({ reasoning_content: note }, null, { event });
        break;
      }
      case 'error':
        yield {
          failure: {
            status: event.status ?? BAD_GATEWAY,
            message: event.message,
            code: event.code ?? null,
          },
        };
        return;
      case 'done': {
        const handOff = event.handOff;
        if (handOff) {
          const calls = handOff.calls.map((call, index) => ({ index, ...call }));
          yield* emit({ tool_calls: calls });
        }
        const sources = handOff
          ? []
          : sourcesOfTurn(event.content, event.activity, MAX_LISTED_SOURCES);
        if (options.sourceList && sources.length > 0 && event.content.trim())
          yield* emit({ content: sourceList(sources) });
        const finish = handOff ? 'tool_calls' : (event.finishReason ?? 'stop');
        yield* emit({}, finish, { activity: event.activity, sources });
        if (options.usage) yield { chunk: { ...base, choices: [], usage: event.usage } };
        break;
      }
      case 'usage':
        break;
    }
  }
}
