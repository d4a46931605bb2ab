import { jsonOf } from '../api-reply.js';
import { apiRequest } from '../api-request.js';
import type { ProviderContext, ProviderFailure } from '../provider.js';
import { isFailure } from '../provider-http.js';
import { apiChallenge } from './api-challenge.js';
import { type ApiError, apiFailure, bodyFailure } from './api-failure.js';

export interface HostedApiCall {
  url: string;
  /** The key's header and any the service requires; the JSON headers are added. */
  headers: Record<string, string>;
  body: unknown;
  /** The service's error envelope, read from a failed answer or from a 200 that holds one. */
  readError: (json: unknown) => ApiError | undefined;
  /** What a good answer is, for "the answer was not …": "the JSON of an OpenAI response". */
  expected: string;
}

export type HostedApiAnswer = { json: unknown } | ProviderFailure;

/**
 * One JSON request to an LLM service. It goes through `apiRequest`, so it
 * reaches only the endpoint's origin and follows no redirect (a 3xx is an
 * error: the key is never re-sent elsewhere), and network trouble comes
 * back classified; bot checks, HTTP errors and errors inside a 200 come
 * back as failures in plain words.
 */
export async function callHostedApi(
  context: ProviderContext,
  call: HostedApiCall,
): Promise<HostedApiAnswer> {
  const reply = await apiRequest(context, call.url, {
    method: 'POST',
    headers: { ...call.headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(call.body),
  });
  if (isFailure(reply)) return reply;
  const challenge = apiChallenge(reply);
  if (challenge) return challenge;
  const json = jsonOf(reply);
  if (reply.status < 200 || reply.status >= 300) {
    const error = json === undefined ? undefined : call.readError(json);
    return apiFailure(reply, error ?? {}, context.key);
  }
  if (json === undefined)
    return { outcome: 'error', reason: `the answer was not ${call.expected}` };
  const inBody = call.readError(json);
  return inBody ? bodyFailure(reply, inBody, context.key) : { json };
}

/** Said before any request when the chain handed over no key (it normally passes such a provider over). */
export const missingKey = (keyEnv: readonly string[]): ProviderFailure => ({
  outcome: 'error',
  reason: `no key: set ${keyEnv.join(' or ')}, or save a key for it`,
  aboutKey: true,
});
