import type { Tool, ToolContext } from '../tools/tool.js';
import { openAiTool } from '../tools/tool.js';
import type { WebActivity } from '../types.js';
import { UNTRUSTED_NOTICE } from '../untrusted.js';
import { addUsage, type ChatEvent, type HandOff, NO_USAGE } from './events.js';
import { type Round, readRound } from './read-round.js';
import { roundBody } from './round-body.js';
import { runToolCalls } from './run-tool-calls.js';
import {
  type ChatMessage,
  type MessageContent,
  type ToolSpec,
  toolSpecName,
  type Upstream,
  UpstreamError,
  type Usage,
} from './types.js';

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
  /**
   * A client's own tools (the OpenAI proxy): offered every round beside the
   * web tools, the last round too, and never run here. A round that calls one
   * ends the turn with a hand-off, once the web calls of that round have run.
   */
  clientTools?: readonly ToolSpec[];
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
  if (first?.role === 'system' || first?.role === 'developer')
    return [{ ...first, content: noted(first.content) }, ...rest];
  return [{ role: 'system', content: UNTRUSTED_NOTICE }, ...messages];
}

const noted = (content: MessageContent): MessageContent =>
  typeof content === 'string'
    ? `${content}\n\n${UNTRUSTED_NOTICE}`
    : [...content, { type: 'text', text: UNTRUSTED_NOTICE }];

/** Finish reasons that say nothing more than that the answer ended. */
const PLAIN_FINISH = new Set(['', 'stop', 'tool_calls']);

function failureMessage(error: unknown, signal: AbortSignal | undefined): string {
  if (signal?.aborted) return 'the turn was cancelled';
  if (error instanceof UpstreamError) return error.message;
  return `the turn failed unexpectedly (${(error as Error)?.name ?? 'error'})`;
}

/**
 * One turn of a chat: ask the model with the web tools, run the calls it
 * makes, ask again, until it answers or the rounds run out; then once more
 * without the web tools (a client's own stay offered). A call to a client's
 * tool ends the turn with a hand-off. Every path ends with a `done` event.
 */
export async function* runTurn(options: TurnOptions): AsyncGenerator<ChatEvent> {
  const messages = withNotice(options.messages, options.tools);
  const given = messages.length;
  const clientTools = options.clientTools ?? [];
  const clientNames = new Set(clientTools.map(toolSpecName).filter((name) => name !== ''));
  const toolNames = [...options.tools.map((tool) => tool.name), ...clientNames];
  const activity: WebActivity[] = [];
  let usage: Usage = NO_USAGE;
  let content = '';
  let reasoning = '';
  let handOff: HandOff | undefined;
  let finishReason: string | undefined;

  try {
    for (let round = 0; ; round++) {
      const offer = options.tools.length > 0 && round < options.maxToolRounds;
      const offered = [...(offer ? options.tools.map(openAiTool) : []), ...clientTools];
      const rounds = readRound(
        {
          upstream: options.upstream,
          body: roundBody(options.extraBody, options.upstream.model, messages, offered),
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
      const clientCalls = answer.calls.filter((call) => clientNames.has(call.function.name));
      const webCalls = offer
        ? answer.calls.filter((call) => !clientNames.has(call.function.name))
        : [];
      if (webCalls.length > 0) {
        messages.push({
          role: 'assistant',
          // The text of a round that also hands off goes with the hand-off.
          content: clientCalls.length > 0 ? null : answer.content || null,
          tool_calls: webCalls,
        });
        const ran = yield* runToolCalls(webCalls, options.tools, {
          ...options.toolContext,
          ...(options.signal ? { signal: options.signal } : {}),
        });
        messages.push(...ran.messages);
        activity.push(...ran.activity);
      }
      if (clientCalls.length > 0) {
        handOff = { calls: clientCalls, webMessages: messages.slice(given) };
        break;
      }
      if (webCalls.length === 0) {
        if (!content.trim() && answer.calls.length > 0) {
          content = NO_ANSWER;
          yield { type: 'content', text: NO_ANSWER };
        } else if (!PLAIN_FINISH.has(answer.finishReason)) finishReason = answer.finishReason;
        break;
      }
    }
  } catch (error) {
    yield {
      type: 'error',
      message: failureMessage(error, options.signal),
      ...statusOf(error, options.signal),
    };
  }
  yield {
    type: 'done',
    content,
    reasoning,
    activity,
    usage,
    ...(handOff ? { handOff } : {}),
    ...(finishReason ? { finishReason } : {}),
  };
}

/** The model server's HTTP status, for doors that answer with it (the OpenAI proxy). */
function statusOf(error: unknown, signal: AbortSignal | undefined): { status?: number } {
  if (signal?.aborted || !(error instanceof UpstreamError) || error.status === undefined) return {};
  return { status: error.status };
}
