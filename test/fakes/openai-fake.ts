import { type ApiFake, jsonBodyOf, startApiFake } from './api-fake.js';
import { corpus } from './corpus.js';
import { type Canned, queryOfPrompt } from './hosted-fake.js';
import type { RecordedRequest } from './http-fake.js';

/** The key the fake takes; any other gets OpenAI's 401. */
export const OPENAI_TEST_KEY = 'sk-proj-test-lookout-0123456789abcdef';

/** OpenAI shows a refused key masked: its first 8 and last 4 characters. */
const masked = (key: string): string =>
  key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}` : key;

export const openAiError = (
  status: number,
  message: string,
  type: string,
  code: string | null,
): Canned => ({ status, json: { error: { message, type, param: null, code } } });

function refusedKey(request: RecordedRequest): Canned {
  const sent = /^Bearer (.*)$/.exec(String(request.headers.authorization ?? ''))?.[1];
  return sent
    ? openAiError(
        401,
        `Incorrect API key provided: ${masked(sent)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
        'invalid_request_error',
        'invalid_api_key',
      )
    : openAiError(
        401,
        "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
        'invalid_request_error',
        null,
      );
}

/** Offsets of url_citation annotations, counted in code points as OpenAI's servers count them. */
const codePoints = (text: string): number => Array.from(text).length;

/** OpenAI appends `utm_source=openai` to every cited address, leaving the rest as written. */
function tagged(url: string): string {
  const [address = url, fragment] = url.split('#');
  const separator = address.includes('?') ? '&' : '?';
  return `${address}${separator}utm_source=openai${fragment === undefined ? '' : `#${fragment}`}`;
}

function response(query: string, text: string, annotations: unknown[], urls: string[]) {
  return {
    id: 'resp_68b1f0c2a9d48190a3c1e5f7d9b2a4c6',
    object: 'response',
    created_at: 1767139200,
    status: 'completed',
    model: 'gpt-5-mini-2025-08-07',
    error: null,
    incomplete_details: null,
    output: [
      { id: 'rs_68b1f0c3b1a08190b2c4d6e8f0a1b3c5', type: 'reasoning', summary: [] },
      {
        id: 'ws_68b1f0c4c2b18190c3d5e7f9a1b2c4d6',
        type: 'web_search_call',
        status: 'completed',
        action: {
          type: 'search',
          query,
          queries: [query],
          sources: urls.map((url) => ({ type: 'url', url })),
        },
      },
      {
        id: 'msg_68b1f0c9d3c28190d4e6f8a0b2c3d5e7',
        type: 'message',
        status: 'completed',
        role: 'assistant',
        content: [{ type: 'output_text', text, annotations, logprobs: [] }],
      },
    ],
    tools: [{ type: 'web_search', search_context_size: 'medium', filters: null }],
    usage: { input_tokens: 8123, output_tokens: 412, total_tokens: 8535 },
  };
}

/** Each corpus page's snippet as one line of the answer, followed by its citation link. */
function results(query: string) {
  const pages = corpus(query);
  let text = '';
  const annotations = pages.map((page) => {
    const host = new URL(page.url).hostname.replace(/^www\./, '');
    const url = tagged(page.url);
    text += `${text ? '\n' : ''}${page.snippet} `;
    const start = codePoints(text);
    text += `([${host}](${url}))`;
    return {
      type: 'url_citation',
      start_index: start,
      end_index: codePoints(text),
      url,
      title: page.title,
    };
  });
  return response(
    query,
    text,
    annotations,
    pages.map((page) => page.url),
  );
}

/**
 * OpenAI's Responses API (`POST /v1/responses`) with the hosted `web_search`
 * tool, as openai-responses-web-search.md describes it: a Bearer key, a
 * `web_search_call` then a message whose `url_citation`s are offsets into
 * its text, and OpenAI's error envelope.
 */
export function startOpenAiFake(key = OPENAI_TEST_KEY): Promise<ApiFake> {
  return startApiFake(
    {
      scenarioIn: 'json',
      isEndpoint: (request) => request.method === 'POST' && request.path === '/v1/responses',
      queryOf: (request) => String(jsonBodyOf(request)?.input ?? ''),
      refusal: (request, expected) =>
        request.headers.authorization === `Bearer ${expected}` ? undefined : refusedKey(request),
      badKey: openAiError(
        401,
        'Incorrect API key provided: sk-proj-********************cdef. You can find your API key at https://platform.openai.com/account/api-keys.',
        'invalid_request_error',
        'invalid_api_key',
      ),
      results: (prompt) => results(queryOfPrompt(prompt)),
      empty: (prompt) =>
        response(
          queryOfPrompt(prompt),
          `I could not find any pages about ${queryOfPrompt(prompt)}.`,
          [],
          [],
        ),
      tooMany: {
        ...openAiError(
          429,
          'Rate limit reached for gpt-5-mini in organization org-abc on tokens per min (TPM): Limit 30000, Used 29800, Requested 1200. Please try again in 2.4s.',
          'tokens',
          'rate_limit_exceeded',
        ),
        headers: { 'x-ratelimit-remaining-tokens': '200', 'x-ratelimit-reset-tokens': '2.4s' },
      },
      serverError: openAiError(
        500,
        'The server had an error while processing your request. Sorry about that!',
        'server_error',
        null,
      ),
      notFound: openAiError(404, 'Invalid URL (POST /v1/nowhere)', 'invalid_request_error', null),
    },
    key,
  );
}
