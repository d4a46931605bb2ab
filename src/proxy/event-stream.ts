import type { ProxyOutput } from './completion-chunks.js';
import { openAiErrorBody } from './openai-error.js';

const encoder = new TextEncoder();
const event = (value: unknown): Uint8Array => encoder.encode(`data: ${JSON.stringify(value)}\n\n`);
const DONE = encoder.encode('data: [DONE]\n\n');

/**
 * Outputs as server-sent events, the way OpenAI streams: one `data:` line a
 * chunk, `data: [DONE]` last. A failure once the stream has begun is a
 * `data: {"error": …}` event, which OpenAI's clients raise. Each chunk is
 * asked for only when the last one is written; `end` is called once when the
 * stream ends or the client goes away.
 */
export function eventStream(
  first: ProxyOutput,
  rest: AsyncGenerator<ProxyOutput>,
  end: (cancelled: boolean) => void,
): Response {
  let pending: ProxyOutput | undefined = first;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let output: ProxyOutput | undefined = pending;
      pending = undefined;
      try {
        output ??= (await rest.next()).value ?? undefined;
      } catch (error) {
        end(false);
        throw error;
      }
      if (output && 'chunk' in output) {
        controller.enqueue(event(output.chunk));
        return;
      }
      if (output) {
        const { status, message, code } = output.failure;
        controller.enqueue(event(openAiErrorBody(status, message, code)));
      } else controller.enqueue(DONE);
      controller.close();
      end(false);
      await rest.return(undefined);
    },
    cancel() {
      end(true);
      void rest.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      // Chunked from the start, so the server writes each event as it comes instead of first buffering a few.
      'Transfer-Encoding': 'chunked',
    },
  });
}
