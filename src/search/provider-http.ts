import { classifyNetworkError } from '../fetch/network-failure.js';
import { tryUrl } from '../url.js';
import type { ProviderContext, ProviderFailure } from './provider.js';

/** Result pages are a few hundred KiB; anything far larger is not a result page. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

export interface HttpReply {
  status: number;
  statusText: string;
  headers: Headers;
  body: string;
}

/**
 * One request of a provider. Redirects are not followed (a redirect from a
 * search engine is a consent page or a bot check, never results), and every
 * network problem comes back as a classified failure.
 */
export async function providerRequest(
  context: ProviderContext,
  url: string,
  init: RequestInit = {},
): Promise<HttpReply | ProviderFailure> {
  try {
    const response = await context.fetch(url, {
      ...init,
      redirect: 'manual',
      signal: context.signal,
    });
    const body = await readCapped(response);
    if (body === undefined) {
      return { outcome: 'error', reason: `the answer was larger than ${MAX_BODY_BYTES >> 20} MiB` };
    }
    return {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
      body,
    };
  } catch (error) {
    return networkFailure(error, context.signal);
  }
}

export const isFailure = (reply: HttpReply | ProviderFailure): reply is ProviderFailure =>
  'outcome' in reply;

/** 403 and 429 mean this server is refused; other non-2xx statuses are errors. */
export function statusFailure(reply: HttpReply): ProviderFailure | undefined {
  if (reply.status >= 200 && reply.status < 300) return undefined;
  const status = `${reply.status}${reply.statusText ? ` ${reply.statusText}` : ''}`;
  if (reply.status === 403 || reply.status === 429) {
    return { outcome: 'blocked', reason: `blocked this server (${status})` };
  }
  if (reply.status >= 300 && reply.status < 400) {
    const location = reply.headers.get('location');
    const to = location ? ` to ${hostOf(location)}` : '';
    return {
      outcome: 'error',
      reason: `answered with a redirect${to} instead of results (${status})`,
    };
  }
  return { outcome: 'error', reason: `answered HTTP ${status}` };
}

function hostOf(location: string): string {
  const host = tryUrl(location, 'http://relative.invalid')?.host;
  if (!host) return 'an unreadable address';
  return host === 'relative.invalid' ? 'its own site' : host;
}

async function readCapped(response: Response): Promise<string | undefined> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > MAX_BODY_BYTES) {
      await response.body.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function networkFailure(error: unknown, signal: AbortSignal): ProviderFailure {
  if (signal.aborted) {
    const timedOut = signal.reason instanceof DOMException && signal.reason.name === 'TimeoutError';
    return timedOut
      ? { outcome: 'timeout', reason: 'did not answer in time' }
      : { outcome: 'error', reason: 'the search was cancelled' };
  }
  if (causeMessage(error) === 'bad port') {
    return { outcome: 'error', reason: 'is set to a port that fetch refuses to use' };
  }
  // A timeout of the connection itself is still an engine that failed, not the search's time running out.
  const classified = classifyNetworkError(error);
  return { outcome: 'error', reason: classified?.words ?? 'could not be reached' };
}

const causeMessage = (error: unknown): string | undefined =>
  ((error as { cause?: { message?: unknown } }).cause?.message as string | undefined) ?? undefined;
