import type { ToolCall, Usage } from '../chat/types.js';
import type { LookoutField, ProxyOutput } from './completion-chunks.js';

/** One `chat.completion`, as OpenAI answers a request without `stream`. */
export interface ChatCompletion {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: {
    index: 0;
    message: {
      role: 'assistant';
      content: string | null;
      reasoning_content?: string;
      tool_calls?: ToolCall[];
    };
    finish_reason: string;
    logprobs: null;
  }[];
  usage?: Usage;
  lookout?: LookoutField;
}

export type WholeAnswer =
  | { completion: ChatCompletion }
  | Extract<ProxyOutput, { failure: unknown }>;

/** The chunks of a stream put together, so a whole answer says exactly what the stream would have. */
export async function wholeCompletion(outputs: AsyncIterable<ProxyOutput>): Promise<WholeAnswer> {
  let completion: ChatCompletion | undefined;
  let content = '';
  let reasoning = '';
  const calls: ToolCall[] = [];
  let finish = 'stop';
  for await (const output of outputs) {
    if ('failure' in output) return output;
    const { id, created, model, choices, usage, lookout } = output.chunk;
    completion ??= { id, object: 'chat.completion', created, model, choices: [] };
    const choice = choices[0];
    content += choice?.delta.content ?? '';
    reasoning += choice?.delta.reasoning_content ?? '';
    for (const { index: _index, ...call } of choice?.delta.tool_calls ?? []) calls.push(call);
    finish = choice?.finish_reason ?? finish;
    if (usage) completion.usage = usage;
    if (lookout && 'activity' in lookout) completion.lookout = lookout;
  }
  if (!completion) throw new Error('a turn ended without any chunk');
  const message: ChatCompletion['choices'][number]['message'] = {
    role: 'assistant',
    content: content || (calls.length > 0 ? null : ''),
    ...(reasoning ? { reasoning_content: reasoning } : {}),
    ...(calls.length > 0 ? { tool_calls: calls } : {}),
  };
  completion.choices = [{ index: 0, message, finish_reason: finish, logprobs: null }];
  return { completion };
}
