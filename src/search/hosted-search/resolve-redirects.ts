import { tryUrl } from '../../url.js';

/** How long resolving all redirects may take together; past it the redirects themselves are kept. */
export const RESOLVE_TIMEOUT_MS = 5_000;

export interface ResolveOptions {
  fetch: typeof fetch;
  /** The search's own signal: a search that is given up stops resolving too. */
  signal: AbortSignal;
  timeoutMs?: number;
}

/**
 * The targets of redirect addresses (Gemini's grounding redirects), each read
 * from the `Location` of one HEAD request, all at once, without following
 * it: no key, no cookies, no body. An address whose HEAD fails, hangs past
 * the time or is not a redirect maps to itself.
 */
export async function resolveRedirects(
  addresses: readonly string[],
  { fetch, signal, timeoutMs = RESOLVE_TIMEOUT_MS }: ResolveOptions,
): Promise<Map<string, string>> {
  const unique = [...new Set(addresses)];
  const within = AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]);
  const targets = await Promise.all(unique.map((address) => locationOf(address, fetch, within)));
  return new Map(unique.map((address, index) => [address, targets[index] ?? address]));
}

async function locationOf(
  address: string,
  fetch: typeof globalThis.fetch,
  signal: AbortSignal,
): Promise<string> {
  try {
    const response = await fetch(address, {
      method: 'HEAD',
      redirect: 'manual',
      credentials: 'omit',
      signal,
    });
    await response.body?.cancel().catch(() => {});
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return address;
    const target = tryUrl(location, address);
    return target && (target.protocol === 'https:' || target.protocol === 'http:')
      ? target.href
      : address;
  } catch {
    return address;
  }
}
