import type { Attempt } from './types.js';

/** Stable codes of expected failures; callers switch on these, never on messages. */
export type FailureCode =
  // search
  | 'bad_query'
  | 'bad_setting'
  | 'unknown_provider'
  | 'no_provider_works'
  | 'rate_limited'
  // fetch: the address
  | 'bad_url'
  | 'bad_port'
  | 'blocked_address'
  // fetch: the transport
  | 'dns'
  | 'connect'
  | 'tls'
  | 'timeout'
  | 'too_many_redirects'
  | 'too_large'
  | 'http_status'
  // fetch: what came back
  | 'unsupported_type'
  | 'unreadable'
  | 'challenged'
  | 'needs_browser'
  | 'empty'
  // a model's tool call
  | 'unknown_tool';

/**
 * An expected failure, returned as a value. The message is plain words for a
 * person or a model and never holds a key, a header or a stack.
 */
export interface Failure {
  code: FailureCode;
  message: string;
  /** For `no_provider_works`: every provider asked, in order. */
  attempts?: Attempt[];
  /** For `http_status`: the status the server answered with. */
  status?: number;
  /** For `rate_limited`: seconds until a search is allowed again. */
  retryAfter?: number;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; failure: Failure };

export const succeed = <T>(value: T): Outcome<T> => ({ ok: true, value });

export const fail = (
  code: FailureCode,
  message: string,
  extra: Omit<Failure, 'code' | 'message'> = {},
): Outcome<never> => ({ ok: false, failure: { code, message, ...extra } });

/** Thrown only where a caller cannot go on (bad settings at start); carries a Failure's code. */
export class LookoutError extends Error {
  readonly code: FailureCode;

  constructor(code: FailureCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LookoutError';
    this.code = code;
  }
}
