import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An error as OpenAI's API answers it, which every OpenAI client knows how to read. */
export interface OpenAiError {
  error: { message: string; type: string; param: string | null; code: string | null };
}

/** OpenAI's and llama.cpp's `type` for each status; other 4xx are the request's fault. */
const TYPES: Record<number, string> = {
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  429: 'rate_limit_error',
};

/** Where a proxied answer failed without an HTTP status of its own: the model server behind it. */
export const BAD_GATEWAY = 502;

export function openAiErrorBody(
  status: number,
  message: string,
  code: string | null = null,
  param: string | null = null,
): OpenAiError {
  const type = TYPES[status] ?? (status >= 500 ? 'server_error' : 'invalid_request_error');
  return { error: { message, type, param, code } };
}

export function openAiError(
  context: Context,
  status: number,
  message: string,
  code: string | null = null,
  param: string | null = null,
): Response {
  // A status outside 400–599 from a model server is still an error to the client.
  const shown = status >= 400 && status <= 599 ? status : BAD_GATEWAY;
  return context.json(openAiErrorBody(shown, message, code, param), shown as ContentfulStatusCode);
}
