import { postCompletion } from '../chat/stream-completion.js';
import type { Upstream } from '../chat/types.js';

/**
 * A request with nothing for lookout to do, sent on as it came (the model
 * named as the server knows it) and its answer streamed back byte for byte.
 * Throws UpstreamError as `postCompletion` does. A client that goes away
 * before the answer begins aborts the request; once it has begun, the server
 * cancels the body, which closes the connection to the model server.
 */
export async function relayCompletion(
  upstream: Upstream,
  body: Record<string, unknown>,
  clientGone: AbortSignal,
): Promise<Response> {
  const stream = body.stream === true;
  // Not the client's own signal: aborting a body that is being relayed would end it as an error.
  const beforeAnswer = new AbortController();
  const abort = () => beforeAnswer.abort();
  clientGone.addEventListener('abort', abort, { once: true });
  const answer = await postCompletion(
    { upstream, body: { ...body, model: upstream.model }, signal: beforeAnswer.signal },
    stream ? 'text/event-stream' : 'application/json',
  ).finally(() => clientGone.removeEventListener('abort', abort));
  const headers: Record<string, string> = {
    'Content-Type': answer.headers.get('content-type') ?? 'application/json',
  };
  // Chunked from the start, so the server writes each piece as it comes instead of first buffering a few.
  if (stream)
    Object.assign(headers, { 'Cache-Control': 'no-cache', 'Transfer-Encoding': 'chunked' });
  return new Response(answer.body, { status: answer.status, headers });
}
