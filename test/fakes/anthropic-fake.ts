import { type ApiFake, jsonBodyOf, startApiFake } from './api-fake.js';
import { corpus } from './corpus.js';
import { type Canned, queryOfPrompt } from './hosted-fake.js';

/** The key the fake takes; any other gets Anthropic's 401. */
export const ANTHROPIC_TEST_KEY = 'sk-ant-api03-test-lookout-0123456789';

const MONTHS =
  'January February March April May June July August September October November December'.split(
    ' ',
  );

/** `2025-05-03` → `May 3, 2025`, as `page_age` reads. */
function pageAge(iso: string | undefined): string | null {
  if (!iso) return null;
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}

export const anthropicError = (status: number, type: string, message: string): Canned => ({
  status,
  json: { type: 'error', error: { type, message }, request_id: 'req_011CZD3mDb69Z9r51roH2oy4' },
});

const BAD_KEY = anthropicError(401, 'authentication_error', 'invalid x-api-key');

const TOOL_USE_ID = 'srvtoolu_01WYG3ziw53XMcoyKL4XcZmE';

function message(query: string, results: unknown[], answer: unknown[]) {
  return {
    id: 'msg_01XFDUDYJgAACzvnptvVoYEL',
    type: 'message',
    role: 'assistant',
    model: 'claude-haiku-4-5-20251001',
    content: [
      { type: 'text', text: `I'll search for ${query}.`, citations: null },
      { type: 'server_tool_use', id: TOOL_USE_ID, name: 'web_search', input: { query } },
      { type: 'web_search_tool_result', tool_use_id: TOOL_USE_ID, content: results },
      ...answer,
    ],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: {
      input_tokens: 6039,
      output_tokens: 231,
      server_tool_use: { web_search_requests: 1, web_fetch_requests: 0 },
      service_tier: 'standard',
    },
  };
}

/** Every corpus page a search result; each snippet a cited sentence of the answer. */
function results(query: string) {
  const pages = corpus(query);
  const found = pages.map((page) => ({
    type: 'web_search_result',
    title: page.title,
    url: page.url,
    encrypted_content: 'EqgfCioIARgBIiQ3YTAwMjY1Mi1mZjM5LTQ1NGUtODgxNC1kNjNjNTk1ZWI3Y2MSDNZu...',
    page_age: pageAge(page.published),
  }));
  const answer = pages.flatMap((page) => [
    {
      type: 'text',
      text: page.snippet,
      citations: [
        {
          type: 'web_search_result_location',
          url: page.url,
          title: page.title,
          encrypted_index: 'Eo8BCioIAhgBIiQyYjQ0OWJmZi1lNm..',
          cited_text: page.snippet,
        },
      ],
    },
    { type: 'text', text: ' ', citations: null },
  ]);
  return message(query, found, answer);
}

/** The prompt of a Messages request: its first user message. */
function promptOf(body: Record<string, unknown> | undefined): string {
  const messages = body?.messages as { content?: unknown }[] | undefined;
  const content = messages?.[0]?.content;
  return typeof content === 'string' ? content : '';
}

/**
 * Anthropic's Messages API (`POST /v1/messages`) with the
 * `web_search_20250305` server tool, as anthropic-web-search.md describes
 * it: `x-api-key` and `anthropic-version`, the search as content blocks,
 * citations per text block, and Anthropic's error envelope.
 */
export function startAnthropicFake(key = ANTHROPIC_TEST_KEY): Promise<ApiFake> {
  return startApiFake(
    {
      scenarioIn: 'json',
      isEndpoint: (request) => request.method === 'POST' && request.path === '/v1/messages',
      queryOf: (request) => promptOf(jsonBodyOf(request)),
      refusal: (request, expected) => {
        if (request.headers['x-api-key'] !== expected) return BAD_KEY;
        if (!request.headers['anthropic-version']) {
          return anthropicError(
            400,
            'invalid_request_error',
            'anthropic-version: header is required',
          );
        }
        return undefined;
      },
      badKey: BAD_KEY,
      results: (prompt) => results(queryOfPrompt(prompt)),
      empty: (prompt) =>
        message(
          queryOfPrompt(prompt),
          [],
          [
            {
              type: 'text',
              text: `I found no results for ${queryOfPrompt(prompt)}.`,
              citations: null,
            },
          ],
        ),
      tooMany: {
        ...anthropicError(
          429,
          'rate_limit_error',
          'Number of request tokens has exceeded your per-minute rate limit.',
        ),
        headers: { 'retry-after': '17', 'anthropic-ratelimit-requests-remaining': '0' },
      },
      serverError: anthropicError(500, 'api_error', 'Internal server error'),
      notFound: anthropicError(404, 'not_found_error', 'Not found'),
    },
    key,
  );
}
