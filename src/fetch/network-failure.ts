import { errorCode } from '../error-code.js';
import { type FailureCode, fail, type Outcome } from '../failure.js';

export interface Classified {
  code: FailureCode;
  /** What the host did, completing "<host> ..." */
  words: string;
}

/** System and undici error codes a fetch can meet, in plain words. */
const KNOWN: Record<string, Classified> = {
  ECONNREFUSED: { code: 'connect', words: 'refused the connection' },
  ECONNRESET: { code: 'connect', words: 'closed the connection' },
  EPIPE: { code: 'connect', words: 'closed the connection' },
  UND_ERR_SOCKET: { code: 'connect', words: 'closed the connection' },
  EHOSTUNREACH: { code: 'connect', words: 'could not be reached (no route to it)' },
  ENETUNREACH: { code: 'connect', words: 'could not be reached (no route to it)' },
  EADDRNOTAVAIL: { code: 'connect', words: 'could not be reached (address not available)' },
  UND_ERR_HEADERS_OVERFLOW: { code: 'connect', words: 'answered with headers that are too large' },
  ETIMEDOUT: { code: 'timeout', words: 'did not accept the connection in time' },
  UND_ERR_CONNECT_TIMEOUT: { code: 'timeout', words: 'did not accept the connection in time' },
  ENOTFOUND: {
    code: 'dns',
    words: 'could not be looked up (no such host, or this machine is offline)',
  },
  EAI_AGAIN: { code: 'dns', words: 'could not be looked up' },
};

/** OpenSSL reports handshake trouble as ERR_SSL_*, certificate trouble by name (CERT_HAS_EXPIRED, ...). */
const TLS_CODE = /^ERR_(TLS|SSL)_|CERT|SELF_SIGNED|UNABLE_TO_|HOSTNAME_MISMATCH/;

/** llhttp's codes: the answer was not HTTP. */
const PARSER_CODE = /^HPE_/;

/** What a network error means, or undefined for an error without a code (not the network's). */
export function classifyNetworkError(error: unknown): Classified | undefined {
  const code = errorCode(error);
  if (code === undefined) return undefined;
  const known = KNOWN[code];
  if (known) return known;
  if (TLS_CODE.test(code)) return { code: 'tls', words: `failed the secure connection (${code})` };
  if (PARSER_CODE.test(code)) return { code: 'connect', words: 'answered with something not HTTP' };
  return { code: 'connect', words: `could not be reached (${code})` };
}

/**
 * The failure a network error of one hop stands for, in words that name the
 * host and the error's code but never a stack or a header. An error without
 * a code did not come from the network: it is a bug and is thrown on.
 */
export function networkFailure(error: unknown, host: string): Outcome<never> {
  const classified = classifyNetworkError(error);
  if (!classified) throw error;
  return fail(classified.code, `${host} ${classified.words}`);
}
