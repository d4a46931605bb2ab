import { type ApiFake, jsonBodyOf, startApiFake } from './api-fake.js';
import { corpus } from './corpus.js';

export const EXA_TEST_KEY = 'test-exa-key-0d6c2f58';

/**
 * Exa's `POST /search` as exa.md describes it: the key in `x-api-key`,
 * highlights when `contents.highlights` asks for them, a null title now and
 * then, 401 for a bad key and 402 for spent credits.
 */
export function startExaFake(key = EXA_TEST_KEY): Promise<ApiFake> {
  const badKey = {
    status: 401,
    json: { requestId: '0c7e1b2a9f8d4e3c', error: 'Invalid API key', tag: 'INVALID_API_KEY' },
  };
  return startApiFake(
    {
      scenarioIn: 'json',
      isEndpoint: (request) => request.method === 'POST' && request.path === '/search',
      queryOf: (request) => String(jsonBodyOf(request)?.query ?? ''),
      refusal: (request, expected) =>
        request.headers['x-api-key'] === expected ? undefined : badKey,
      badKey,
      results: (query, request) => {
        const contents = jsonBodyOf(request)?.contents as { highlights?: unknown } | undefined;
        return {
          requestId: 'b5d2f0c4a1e94e6f8c7d3b2a19e0f6d4',
          resolvedSearchType: 'neural',
          results: corpus(query).map((result, index) => ({
            id: result.url,
            // Exa sends null titles now and then; docs.rs's is one here.
            title: index === 1 ? null : result.title,
            url: result.url,
            ...(result.published ? { publishedDate: `${result.published}T00:00:00.000Z` } : {}),
            author: null,
            score: 0.41 - index / 100,
            ...(contents?.highlights
              ? { highlights: [result.snippet], highlightScores: [0.62] }
              : {}),
          })),
          searchTime: 412.7,
          costDollars: { total: 0.006, search: { neural: 0.005 }, contents: { highlights: 0.001 } },
        };
      },
      empty: () => ({ requestId: 'e0e0e0e0', resolvedSearchType: 'neural', results: [] }),
      tooMany: { status: 429, json: { requestId: '429429', error: 'rate limit exceeded' } },
      serverError: { status: 500, json: { requestId: '500500', error: 'Internal Server Error' } },
    },
    key,
  );
}

/** Exa's answer when the team's credits are spent. */
export const EXA_NO_CREDITS = {
  status: 402,
  json: { requestId: '402402', error: 'You have run out of credits', tag: 'NO_MORE_CREDITS' },
};
