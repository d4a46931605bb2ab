import { VERSION } from '../version.js';
import type { ProviderContext, ProviderFailure } from './provider.js';
import { type HttpReply, isFailure, providerRequest } from './provider-http.js';
import { retryAfterMs } from './retry-after.js';

/** APIs are asked as what lookout is, not as a browser. */
const API_HEADERS = { Accept: 'application/json', 'User-Agent': `lookout/${VERSION}` };

/** A wait for `Retry-After` is made only when this much time is left after it for the answer. */
const ANSWER_MARGIN_MS = 1_000;

/**
 * One request to a search API that may carry a key in a header. The request
 * goes only to the endpoint's own origin and follows no redirect (a 3xx comes
 * back as it is), so the key never reaches another host. A 429 whose
 * `Retry-After` fits in the time left is waited out, once. A bot check or a
 * firewall in front of the API comes back as the failure it is.
 */
export async function apiRequest(
  context: ProviderContext,
  url: string,
  init: RequestInit,
): Promise<HttpReply | ProviderFailure> {
  if (new URL(url).origin !== new URL(context.endpoint).origin) {
    // A bug guard: provider code builds its URLs from the endpoint.
    return { outcome: 'error', reason: 'refused to send its key to another host' };
  }
  const request = {
    ...init,
    headers: { ...API_HEADERS, ...(init.headers as Record<string, string>) },
  };
  let reply = await providerRequest(context, url, request);
  if (!isFailure(reply) && reply.status === 429) {
    const wait = retryAfterMs(reply.headers.get('retry-after'));
    const left = context.remainingMs?.() ?? 0;
    if (wait !== undefined && wait + ANSWER_MARGIN_MS <= left) {
      await pause(wait, context.signal);
      // Aborted meanwhile, the request fails at once with the reason why.
      reply = await providerRequest(context, url, request);
    }
  }
  return isFailure(reply) ? reply : (gatewayFailure(reply) ?? reply);
}

/**
 * What stands in front of an API rather than the API itself: a bot check
 * (Cloudflare's `cf-mitigated: challenge`), or a 403 page that is not the
 * API's JSON (a firewall refusing this address). An API refuses a key in JSON.
 */
function gatewayFailure(reply: HttpReply): ProviderFailure | undefined {
  if (reply.headers.get('cf-mitigated') === 'challenge') {
    return { outcome: 'challenged', reason: 'challenged by a bot check in front of the API' };
  }
  const json = (reply.headers.get('content-type') ?? '').includes('json');
  if (reply.status === 403 && !json) {
    return { outcome: 'blocked', reason: 'blocked this server (403, not the API answering)' };
  }
  return undefined;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
