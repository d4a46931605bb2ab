import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Failure, FailureCode } from '../failure.js';

/** The one error shape every route answers with. */
export interface Problem {
  error: { code: string; message: string; id?: string };
}

/** The HTTP status of each failure: bad input is 4xx, a web that failed us is 502/504. */
const STATUS: Record<FailureCode, ContentfulStatusCode> = {
  bad_query: 400,
  bad_setting: 400,
  unknown_provider: 400,
  bad_url: 400,
  bad_port: 400,
  blocked_address: 403,
  no_provider_works: 502,
  rate_limited: 429,
  dns: 502,
  connect: 502,
  tls: 502,
  timeout: 504,
  too_many_redirects: 502,
  too_large: 502,
  http_status: 502,
  unsupported_type: 415,
  unreadable: 422,
  challenged: 502,
  needs_browser: 422,
  empty: 422,
  unknown_tool: 400,
};

/** A failure value as a response: its status, and `{error: {code, message}}` plus what it carries. */
export function failureResponse(context: Context, failure: Failure): Response {
  const { code, message, ...extra } = failure;
  if (failure.retryAfter !== undefined) context.header('Retry-After', String(failure.retryAfter));
  return context.json({ error: { code, message, ...extra } }, STATUS[code]);
}

export function problem(
  context: Context,
  status: ContentfulStatusCode,
  code: string,
  message: string,
): Response {
  return context.json({ error: { code, message } } satisfies Problem, status);
}
