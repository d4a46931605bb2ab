import type { Tool, ToolContext, WebActivity } from '../tools/tool.js';
import { openAiTool } from '../tools/tool.js';
import { UNTRUSTED_NOTICE } from '../untrusted.js';
import { addUsage, type ChatEvent, NO_USAGE } from './events.js';
import { type Round, readRound } from './read-round.js';
import { runToolCalls } from './run-tool-calls.js';
import { type ChatMessage, type Upstream, UpstreamError, type Usage } from './types.js';

export interface TurnOptions {
  upstream: Upstream;
  /** The conversation so far, ending with the person's new message. */
  messages: readonly ChatMessage[];
  /** The tools offered; none when the chat's Web switch is off. */
  tools: readonly Tool[];
  toolContext: ToolContext;
  /** Rounds of tool calls before the model is asked once more without tools. */
  maxToolRounds: number;
  /** Fields passed through to the model server (temperature, ...). */
  extraBody?: Record<string, unknown>;
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

/** Said when the model still wanted a tool after its last round, and wrote nothing else. */
const NO_ANSWER =
  'The model kept asking for web tools after its last allowed round and gave no answer. Ask again, or allow more rounds (LOOKOUT_MAX_TOOL_ROUNDS).';

/** The system prompt gets the untrusted-data line, in the person's system message if there is one. */
function withNotice(messages: readonly ChatMessage[], tools: readonly Tool[]): ChatMessage[] {
  if (tools.length === 0) return [...messages];
  const [first, ...rest] = messages;
  if (first?.role === 'system')
    return [{ role: 'system', content: `${first.content}\n\n${UNTRUSTED_NOTICE}` }, ...rest];
  return [{ role: 'system', content: UNTRUSTED_NOTICE }, ...messages];
}

function failureMessage(error: unknown, signal: AbortSignal | undefined): string {
  if (signal?.aborted) return 'the turn was cancelled';
  if (error instanceof UpstreamError) return error.message;
  return `the turn failed unexpectedly (${(error as Error)?.name ?? 'error'})`;
}

/**
 * One turn of a chat: ask the model with the web tools, run the calls it
 * makes, ask again, until it answers or the rounds run out; then once more
 * without tools. Every path ends with a `done` event.
 */
export async function* runTurn(options: TurnOptions): AsyncGenerator<ChatEvent> {
  const messages = withNotice(options.messages, options.tools);
  const toolNames = options.tools.map((tool) => tool.name);
  const activity: WebActivity[] = [];
  let usage: Usage = NO_USAGE;
  let content = '';
  let reasoning = '';

  try {
    for (let round = 0; ; round++) {
      const offer = options.tools.length > 0 && round < options.maxToolRounds;
      const rounds = readRound(
        {
          upstream: options.upstream,
          body: {
            ...options.extraBody,
            model: options.upstream.model,
            messages,
            ...(offer ? { tools: options.tools.map(openAiTool) } : {}),
          },
          ...(options.signal ? { signal: options.signal } : {}),
          ...(options.fetch ? { fetch: options.fetch } : {}),
        },
        toolNames,
      );
      // Stepped by hand, not with yield*, so the answer shown so far survives a failure mid-stream.
      content = '';
      let step = await rounds.next();
      for (; !step.done; step = await rounds.next()) {
        if (step.value.type === 'content') content += step.value.text;
        yield step.value;
      }
      const answer: Round = step.value;
      if (answer.usage) {
        usage = addUsage(usage, answer.usage);
        yield { type: 'usage', usage: answer.usage };
      }
      reasoning += answer.reasoning;
      if (!offer || answer.calls.length === 0) {
        if (!content.trim() && answer.calls.length > 0) {
          content = NO_ANSWER;
          yield { type: 'content', text: NO_ANSWER };
        }
        break;
      }
      messages.push({
        role: 'assistant',
        content: answer.content || null,
        tool_calls: answer.calls,
      });
      const ran = yield* runToolCalls(answer.calls, options.tools, {
        ...options.toolContext,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      messages.push(...ran.messages);
      activity.push(...ran.activity);
    }
  } catch (error) {
    yield { type: 'error', message: failureMessage(error, options.signal) };
  }
  yield { type: 'done', content, reasoning, activity, usage };
}
