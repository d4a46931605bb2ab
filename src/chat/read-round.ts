import { randomBytes } from 'node:crypto';
import type { ChatEvent } from './events.js';
import { MarkupHold } from './markup-hold.js';
import { recoverLeakedCalls } from './recover-leaked-calls.js';
import { type CompletionRequest, streamCompletion } from './stream-completion.js';
import { ToolCallAccumulator } from './tool-call-fragments.js';
import type { ToolCall, Usage } from './types.js';

/** What one request to the model gave, once its stream ended. */
export interface Round {
  content: string;
  reasoning: string;
  /** Structured calls, then calls recovered from leaked markup. */
  calls: ToolCall[];
  finishReason: string;
  usage?: Usage;
}

/**
 * Streams one completion: reasoning and content are passed on as they come,
 * except leaked tool-call markup, which is held back and turned into calls
 * when the stream ends, so raw markup never reaches a person.
 */
export async function* readRound(
  request: CompletionRequest,
  toolNames: readonly string[],
): AsyncGenerator<ChatEvent, Round> {
  const fragments = new ToolCallAccumulator();
  const holds = { content: new MarkupHold(), reasoning: new MarkupHold() };
  const round: Round = { content: '', reasoning: '', calls: [], finishReason: '' };

  for await (const part of streamCompletion(request)) {
    if (part.type === 'content' || part.type === 'reasoning') {
      const shown = holds[part.type].push(part.text);
      if (shown) {
        round[part.type] += shown;
        yield { type: part.type, text: shown };
      }
    } else if (part.type === 'tool-fragment') fragments.add(part);
    else if (part.type === 'finish') round.finishReason = part.reason;
    else round.usage = part.usage;
  }

  round.calls = fragments.calls();
  for (const field of ['reasoning', 'content'] as const) {
    const held = holds[field].release();
    if (!held) continue;
    const recovered = recoverLeakedCalls(held, toolNames);
    round.calls.push(
      ...recovered.calls.map((call, index) => ({
        // Unique, as a client of the OpenAI proxy may keep the id across requests.
        id: `recovered_${round.calls.length + index}_${randomBytes(4).toString('hex')}`,
        type: 'function' as const,
        function: { name: call.name, arguments: JSON.stringify(call.arguments) },
      })),
    );
    if (recovered.text) {
      const text = round[field] ? `\n${recovered.text}` : recovered.text;
      round[field] += text;
      yield { type: field, text };
    }
  }
  return round;
}
