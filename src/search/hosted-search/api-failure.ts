import { apiStatusFailure, errorDetail, keyRefused, keySpent, rateLimited } from '../api-reply.js';
import type { ProviderFailure } from '../provider.js';
import type { HttpReply } from '../provider-http.js';

/** What a service's error envelope says beyond its message (which `errorDetail` reads). */
export interface ApiError {
  /** The service's name for it: `rate_limit_exceeded`, `overloaded_error`, `RESOURCE_EXHAUSTED`. */
  code?: string;
  /** When to ask again, from the body (Google's `RetryInfo.retryDelay`); the header is read apart. */
  retryMs?: number;
  /** The service said the key itself is wrong, whatever the status (Gemini: 400 `API_KEY_INVALID`). */
  keyRefused?: boolean;
}

/** Anthropic's non-standard "overloaded" status. */
const OVERLOADED = 529;

const QUOTA = /quota|billing|credit/i;
const RATE_LIMIT = /rate_limit|too_many_requests|resource_exhausted/i;
const OVERLOADED_CODE = /overloaded|unavailable/i;
/** OpenAI's 403 for a server in a country it does not serve: about this server, not the key. */
const REGION = /unsupported_country|region/i;

const inParentheses = (status: number | string, detail: string): string =>
  `(${status}${detail ? `: ${detail}` : ''})`;

const tryAgain = (ms: number): string => `; try again in ${Math.max(1, Math.ceil(ms / 1000))} s`;

/**
 * A non-2xx answer of an LLM service in plain words: the key refused, a
 * rate limit (with when to try again), no quota left, overloaded, or the
 * request refused, each with the service's own message (never the key).
 */
export function apiFailure(reply: HttpReply, error: ApiError, key?: string): ProviderFailure {
  const detail = errorDetail(reply, key);
  const about = `${error.code ?? ''} ${detail}`;
  if (reply.status === 401 || error.keyRefused) return keyRefused(reply, detail);
  if (reply.status === 403) {
    return REGION.test(about)
      ? {
          outcome: 'blocked',
          reason: `refuses this server's country or region ${inParentheses(403, detail)}`,
        }
      : keyRefused(reply, detail);
  }
  if (reply.status === 402) return keySpent(reply, 'the key is out of credit', detail);
  if (reply.status === 429) {
    const failure = QUOTA.test(about)
      ? keySpent(reply, 'the key has no quota left', detail)
      : rateLimited(reply, detail);
    const fromBody = error.retryMs !== undefined && !reply.headers.has('retry-after');
    return fromBody
      ? { ...failure, reason: `${failure.reason}${tryAgain(error.retryMs ?? 0)}` }
      : failure;
  }
  if (
    reply.status === OVERLOADED ||
    reply.status === 503 ||
    OVERLOADED_CODE.test(error.code ?? '')
  ) {
    return {
      outcome: 'error',
      reason: `is overloaded ${inParentheses(reply.status, detail)}; try again shortly`,
    };
  }
  return (
    apiStatusFailure(reply, key) ?? { outcome: 'error', reason: `answered HTTP ${reply.status}` }
  );
}

/** An error the service wrote into a 200 answer (a failed response, a failed search tool). */
export function bodyFailure(reply: HttpReply, error: ApiError, key?: string): ProviderFailure {
  const detail = errorDetail(reply, key);
  const code = error.code ?? 'error';
  if (RATE_LIMIT.test(code)) {
    return { outcome: 'blocked', reason: `rate limited ${inParentheses(code, detail)}` };
  }
  if (OVERLOADED_CODE.test(code)) {
    return {
      outcome: 'error',
      reason: `is overloaded ${inParentheses(code, detail)}; try again shortly`,
    };
  }
  return { outcome: 'error', reason: `answered 200 with an error ${inParentheses(code, detail)}` };
}
