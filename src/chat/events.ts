import type { WebActivity } from '../types.js';
import type { ChatMessage, ToolCall, Usage } from './types.js';

/** What a turn says as it goes; every door renders these its own way. */
export type ChatEvent =
  | { type: 'reasoning'; text: string }
  | { type: 'content'; text: string }
  | { type: 'tool-start'; id: string; name: string; arguments: unknown }
  | {
      type: 'tool-done';
      id: string;
      name: string;
      ok: boolean;
      summary: string;
      activity: WebActivity;
    }
  | { type: 'usage'; usage: Usage }
  /**
   * `code` names failures a client shows its own way (`no_model_server`);
   * `status` is the model server's HTTP status when it answered with one.
   */
  | { type: 'error'; message: string; code?: string; status?: number }
  /** Always last: the answer as shown, and the turn's web activity for the store. */
  | {
      type: 'done';
      content: string;
      reasoning: string;
      activity: WebActivity[];
      usage: Usage;
      /** The model called tools the client runs: the turn ended so that the client can answer them. */
      handOff?: HandOff;
      /** Why the answer ended when it did not simply stop: the model server's `length`, `content_filter`. */
      finishReason?: string;
    };

/** Calls to a client's own tools (the OpenAI proxy), which the loop does not run. */
export interface HandOff {
  calls: ToolCall[];
  /** The web calls and their results this turn added before it handed off, in order. */
  webMessages: ChatMessage[];
}

export const NO_USAGE: Usage = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };

export const addUsage = (a: Usage, b: Usage): Usage => ({
  prompt_tokens: a.prompt_tokens + b.prompt_tokens,
  completion_tokens: a.completion_tokens + b.completion_tokens,
  total_tokens: a.total_tokens + b.total_tokens,
});
