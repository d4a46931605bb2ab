import type { z } from 'zod';
import type { Source } from '../types.js';
import type { ProviderAnswer, ProviderFailure } from './provider.js';
import { type HttpReply, statusFailure } from './provider-http.js';
import { retryAfterMs } from './retry-after.js';

/** Error text kept from a provider's body: enough to say what went wrong, not a page. */
const DETAIL_CHARS = 160;

/** The JSON of a reply's body; undefined when it is not JSON. */
export function jsonOf(reply: HttpReply): unknown {
  try {
    return JSON.parse(reply.body);
  } catch {
    return undefined;
  }
}

/**
 * The message a JSON API wrote into an error body (`message`, `error`,
 * `detail`, `error.message`, `error.detail`, `detail.error`, as the
 * providers write them), in one short line, with the key cut out should a
 * provider echo it.
 */
export function errorDetail(reply: HttpReply, key?: string): string {
  const body = jsonOf(reply) as Record<string, unknown> | undefined;
  if (typeof body !== 'object' || body === null) return '';
  const nested = (value: unknown, field: string): unknown =>
    typeof value === 'object' && value !== null
      ? (value as Record<string, unknown>)[field]
      : undefined;
  const found = [
    body.message,
    body.error,
    body.detail,
    nested(body.error, 'message'),
    nested(body.error, 'detail'),
    nested(body.detail, 'error'),
  ].find((value): value is string => typeof value === 'string' && value.trim() !== '');
  if (!found) return '';
  // Control characters and line breaks would let a body write lines of its own into a log.
  let text = found.replace(/[\p{Cc}\s]+/gu, ' ').trim();
  if (key) text = text.replaceAll(key, '[the key]');
  return text.length > DETAIL_CHARS ? `${text.slice(0, DETAIL_CHARS - 1)}…` : text;
}

const status = (reply: HttpReply, detail = ''): string =>
  `${reply.status}${detail ? `: ${detail}` : ''}`;

/** The provider refused the key: said as such, without a rest (a fixed key works at once). */
export const keyRefused = (reply: HttpReply, detail = ''): ProviderFailure => ({
  outcome: 'error',
  reason: `refused the key (${status(reply, detail)})`,
  aboutKey: true,
});

/** The key's quota or credit is spent: the provider rests, since asking again soon cannot help. */
export const keySpent = (reply: HttpReply, words: string, detail = ''): ProviderFailure => ({
  outcome: 'blocked',
  reason: `${words} (${status(reply, detail)})`,
  aboutKey: true,
});

/** A 429: the provider rests, and the reason says when it may be asked again. */
export function rateLimited(reply: HttpReply, detail = ''): ProviderFailure {
  const wait = retryAfterMs(reply.headers.get('retry-after'));
  const again = wait === undefined ? '' : `; try again in ${Math.max(1, Math.ceil(wait / 1000))} s`;
  return { outcome: 'blocked', reason: `rate limited (${status(reply, detail)})${again}` };
}

/**
 * What a JSON API's status means when the provider has nothing more specific
 * to say: undefined for success, a rest for a 429, a redirect (never
 * followed) or an HTTP error with the provider's own words.
 */
export function apiStatusFailure(reply: HttpReply, key?: string): ProviderFailure | undefined {
  if (reply.status === 429) return rateLimited(reply, errorDetail(reply, key));
  const failure = statusFailure(reply);
  if (!failure || reply.status < 400) return failure;
  const detail = errorDetail(reply, key);
  return { outcome: 'error', reason: `answered HTTP ${status(reply, detail)}` };
}

/** How one search API's JSON answer holds its results. */
export interface ResultList<Envelope, Result> {
  /** For the error when the body is not this API's answer: "a Brave search". */
  what: string;
  envelope: z.ZodType<Envelope>;
  /** The results in the envelope; absent means none. */
  results: (envelope: Envelope) => readonly unknown[] | null | undefined;
  result: z.ZodType<Result>;
  source: (result: Result) => Source;
}

/**
 * The sources of a search API's answer, with its envelope for what else it
 * holds (Tavily's answer). A result that does not fit is skipped; a body
 * that is not the API's answer is an error.
 */
export function readResults<Envelope, Result>(
  reply: HttpReply,
  list: ResultList<Envelope, Result>,
): { envelope: Envelope; sources: Source[] } | ProviderFailure {
  const parsed = list.envelope.safeParse(jsonOf(reply));
  if (!parsed.success) {
    return { outcome: 'error', reason: `the answer was not the JSON of ${list.what}` };
  }
  const sources = (list.results(parsed.data) ?? []).flatMap((item) => {
    const result = list.result.safeParse(item);
    return result.success ? [list.source(result.data)] : [];
  });
  return { envelope: parsed.data, sources };
}

/** Sources found, or none: what a plain search API's answer comes to. */
export const foundSources = (sources: Source[], answer = ''): ProviderAnswer =>
  sources.length > 0
    ? { outcome: 'ok', sources, markup: 'text', ...(answer ? { answer } : {}) }
    : { outcome: 'no_results' };
