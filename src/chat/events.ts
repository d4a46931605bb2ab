import type { WebActivity } from '../tools/tool.js';
import type { Usage } from './types.js';

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
  | { type: 'error'; message: string }
  /** Always last: the answer as shown, and the turn's web activity for the store. */
  | { type: 'done'; content: string; reasoning: string; activity: WebActivity[]; usage: Usage };

export const NO_USAGE: Usage = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };

export const addUsage = (a: Usage, b: Usage): Usage => ({
  prompt_tokens: a.prompt_tokens + b.prompt_tokens,
  completion_tokens: a.completion_tokens + b.completion_tokens,
  total_tokens: a.total_tokens + b.total_tokens,
});
