import { type ApiFake, jsonBodyOf, startApiFake } from './api-fake.js';
import { corpus } from './corpus.js';

export const KEENABLE_TEST_KEY = 'keen_test-keenable-key-92ab4c';

const KEYED = '/v1/search';
const KEYLESS = '/v1/search/public';

/**
 * Keenable's search as its REST reference and official SDK show it (there is
 * no format file): `POST /v1/search` with `X-API-Key`, or the keyless `POST
 * /v1/search/public`, which requires `X-Keenable-Title`; results with
 * `snippet` (page text), `description` and `published_at`. Error bodies
 * (`{"error": ...}`) follow its MCP server's reading of them.
 */
export function startKeenableFake(key = KEENABLE_TEST_KEY): Promise<ApiFake> {
  const badKey = { status: 401, json: { error: 'Unauthorized: Invalid API key' } };
  return startApiFake(
    {
      scenarioIn: 'json',
      isEndpoint: (request) =>
        request.method === 'POST' && (request.path === KEYED || request.path === KEYLESS),
      queryOf: (request) => String(jsonBodyOf(request)?.query ?? ''),
      refusal: (request, expected) => {
        if (request.path === KEYED)
          return request.headers['x-api-key'] === expected ? undefined : badKey;
        return request.headers['x-keenable-title']
          ? undefined
          : { status: 400, json: { error: 'X-Keenable-Title header is required' } };
      },
      badKey,
      results: (query) => ({
        query,
        mode: 'pro',
        results: corpus(query).map((result) => ({
          title: result.title,
          url: result.url,
          description: '',
          snippet: result.snippet,
          ...(result.published ? { published_at: `${result.published}T23:57:19Z` } : {}),
          acquired_at: '2026-07-24T01:32:23Z',
        })),
      }),
      empty: (query) => ({ query, mode: 'pro', results: [] }),
      tooMany: {
        status: 429,
        headers: {
          'retry-after': '900',
          'x-ratelimit-limit': '1000',
          'x-ratelimit-reset': '1767139200',
        },
        json: { error: 'Rate limit exceeded', retryAfter: 900 },
      },
      serverError: { status: 500, json: { error: 'Internal server error' } },
    },
    key,
  );
}
