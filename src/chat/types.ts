/** The OpenAI chat-completions shapes lookout sends and reads, as llama.cpp, Ollama, vLLM, LM Studio and OpenAI speak them. */

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string /** JSON text */; arguments: string };
}

/** One part of a message given in parts (text, an image, ...), passed on as it came. */
export interface ContentPart {
  type: string;
  [field: string]: unknown;
}

/** Text, or the parts of a message that a client (through the OpenAI proxy) sent in parts. */
export type MessageContent = string | ContentPart[];

/**
 * A message of the conversation. Messages from a client of the OpenAI proxy
 * may carry more fields (`name`, `reasoning_content`, ...): they are passed on
 * as they came.
 */
export type ChatMessage =
  | { role: 'system' | 'developer' | 'user'; content: MessageContent }
  | { role: 'assistant'; content: MessageContent | null; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: MessageContent };

/** A tool as the `tools` array of a request lists it; a client's own are passed on as they came. */
export interface ToolSpec {
  type: string;
  function?: { name: string; [field: string]: unknown };
  [field: string]: unknown;
}

/** The name a model calls a tool by; empty for a kind of tool that is not a function. */
export const toolSpecName = (spec: ToolSpec): string =>
  typeof spec.function?.name === 'string' ? spec.function.name : '';

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

/** One thing a streamed completion said, in the order it said it. */
export type StreamPart =
  | { type: 'reasoning'; text: string }
  | { type: 'content'; text: string }
  /** A piece of a tool call: `id` and `name` come with the first piece of each `index`. */
  | { type: 'tool-fragment'; index: number; id?: string; name?: string; arguments?: string }
  | { type: 'finish'; reason: string }
  | { type: 'usage'; usage: Usage };

/** Where the model runs. */
export interface Upstream {
  /** Base URL up to `/v1`, e.g. `http://127.0.0.1:8080/v1`. */
  baseUrl: string;
  key?: string;
  model: string;
}

/** A failure of the model server, in plain words (never the key or a header). */
export class UpstreamError extends Error {
  override name = 'UpstreamError';
  /** HTTP status when the server answered with one. */
  readonly status: number | undefined;

  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
}
