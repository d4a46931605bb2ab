import { fail, type Outcome } from '../failure.js';
import type { AddressPolicy, Resolver } from './address-policy.js';
import { fetchHop, type HopContext } from './fetch-hop.js';
import { checkTarget } from './guard.js';

/** The whole fetch, all hops, body included: a model waits on it. */
export const FETCH_TIMEOUT_MS = 15_000;
/** Decoded bytes kept: far more text than a model reads, far less than a bomb. */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;
/** A caller may raise `maxBytes` (a large PDF), but never past this. */
export const HARD_MAX_BODY_BYTES = 10 * 1024 * 1024;
/** Redirects followed; browsers allow 20, but a page worth reading needs few. */
export const MAX_REDIRECTS = 5;

export interface TransportOptions {
  policy: AddressPolicy;
  resolve: Resolver;
  /** Built by the caller, naming lookout. */
  userAgent: string;
  /** Decoded bytes to keep; clamped to `HARD_MAX_BODY_BYTES`. */
  maxBytes?: number;
  timeoutMs?: number;
  /** The caller giving up. */
  signal?: AbortSignal;
}

export interface Fetched {
  /** The URL asked for. */
  url: string;
  /** The URL after redirects. */
  finalUrl: string;
  status: number;
  /** The final response's headers. */
  headers: Headers;
  /** Media type, lower-case, without parameters; `''` when absent. */
  contentType: string;
  /** Decoded (gzip, deflate and br undone), at most `maxBytes`. */
  body: Uint8Array;
  /** True when the decoded body was cut at `maxBytes`. */
  partial: boolean;
}

/**
 * Fetches a URL a model chose, safely: every hop is resolved once and
 * checked by the guard, and the connection goes to the checked address.
 * Redirects are followed by hand, with no proxy, cookies or credentials, and
 * with one deadline over all hops and the body.
 */
export async function fetchPublic(
  url: string,
  options: TransportOptions,
): Promise<Outcome<Fetched>> {
  const timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS;
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  const context: HopContext = {
    userAgent: options.userAgent,
    maxBytes: byteCap(options.maxBytes),
    signal,
  };
  try {
    return await followRedirects(url, options, context);
  } catch (error) {
    // There is no code for a caller giving up; the nearest is running out of time.
    if (options.signal?.aborted) return fail('timeout', 'the fetch was cancelled');
    if (deadline.aborted) {
      return fail('timeout', `the page did not load within ${timeoutMs / 1000} seconds`);
    }
    throw error;
  }
}

async function followRedirects(
  url: string,
  options: TransportOptions,
  context: HopContext,
): Promise<Outcome<Fetched>> {
  let next: string | URL = url;
  for (let redirects = 0; ; redirects++) {
    const target = await untilAborted(
      checkTarget(next, options.policy, options.resolve),
      context.signal,
    );
    if (!target.ok) return target;
    const step = await fetchHop(target.value, url, context);
    if (!('redirect' in step)) return step;
    if (redirects === MAX_REDIRECTS) {
      return fail('too_many_redirects', `the page redirected more than ${MAX_REDIRECTS} times`);
    }
    next = step.redirect;
  }
}

/** The caller's cap within 0 and the hard cap; a cap that is not a number is the default. */
function byteCap(asked: number | undefined): number {
  if (asked === undefined || Number.isNaN(asked)) return MAX_BODY_BYTES;
  return Math.min(Math.max(Math.floor(asked), 0), HARD_MAX_BODY_BYTES);
}

/** Resolving cannot be cancelled, but the fetch need not wait for it. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
