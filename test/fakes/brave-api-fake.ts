import { type ApiFake, startApiFake } from './api-fake.js';
import { corpus } from './corpus.js';

export const BRAVE_TEST_KEY = 'test-brave-key-7f3a9c21';

const SEARCH_PATH = '/res/v1/web/search';

/** Brave's `ErrorResponse` envelope. */
const errorResponse = (status: number, code: string, detail: string, meta: object) => ({
  type: 'ErrorResponse',
  error: { id: '9c1b7d2e-0f1a-4a51-9d0e-3f6a2b8c4d11', status, code, detail, meta },
  time: 1767139200,
});

/** Brave highlights query words with <strong> unless `text_decorations=false`. */
function decorated(text: string, query: string, decorations: boolean): string {
  if (!decorations) return text;
  let html = text;
  for (const word of query.split(/\s+/).filter((word) => word.length > 2)) {
    html = html.replaceAll(word, `<strong>${word}</strong>`);
  }
  return html;
}

function results(query: string, decorations: boolean) {
  return {
    type: 'search',
    query: { original: query, show_strict_warning: false, more_results_available: true },
    mixed: { type: 'mixed', main: [{ type: 'web', index: 0, all: true }], top: [], side: [] },
    web: {
      type: 'search',
      results: corpus(query).map((result) => ({
        title: result.title,
        url: result.url,
        is_source_local: false,
        description: decorated(result.snippet, query, decorations),
        ...(result.published
          ? { page_age: `${result.published}T14:22:41`, age: 'some time ago' }
          : {}),
        language: 'en',
        family_friendly: true,
        type: 'search_result',
        subtype: 'generic',
        meta_url: { scheme: 'https', hostname: new URL(result.url).hostname, path: '' },
      })),
      family_friendly: true,
    },
  };
}

/**
 * The Brave Search API (`/res/v1/web/search`) as brave.md describes it: the
 * key in `X-Subscription-Token`, a bad key answered with 422
 * `SUBSCRIPTION_TOKEN_INVALID`, a 429 `RATE_LIMITED` with rate-limit headers.
 */
export function startBraveApiFake(key = BRAVE_TEST_KEY): Promise<ApiFake> {
  const badKey = {
    status: 422,
    json: errorResponse(
      422,
      'SUBSCRIPTION_TOKEN_INVALID',
      'The provided subscription token is invalid.',
      {
        component: 'authentication',
      },
    ),
  };
  return startApiFake(
    {
      scenarioIn: 'q',
      isEndpoint: (request) => request.method === 'GET' && request.path === SEARCH_PATH,
      queryOf: (request) => request.params.get('q') ?? '',
      refusal: (request, expected) =>
        request.headers['x-subscription-token'] === expected ? undefined : badKey,
      badKey,
      results: (query, request) =>
        results(query, request.params.get('text_decorations') !== 'false'),
      empty: (query) => ({
        type: 'search',
        query: { original: query, more_results_available: false },
      }),
      tooMany: {
        status: 429,
        headers: {
          'x-ratelimit-limit': '1, 2000',
          'x-ratelimit-policy': '1;w=1, 2000;w=2678400',
          'x-ratelimit-remaining': '0, 1943',
          'x-ratelimit-reset': '1, 2558678',
        },
        json: errorResponse(429, 'RATE_LIMITED', 'Request rate limit exceeded for plan.', {
          plan: 'Free',
          rate_limit: 1,
          rate_current: 1,
          quota_limit: 2000,
          quota_current: 57,
          component: 'rate_limiter',
        }),
      },
      serverError: {
        status: 500,
        json: errorResponse(500, 'INTERNAL_ERROR', 'Internal server error.', {}),
      },
    },
    key,
  );
}
