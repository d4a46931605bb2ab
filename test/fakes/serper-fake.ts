import { type ApiFake, jsonBodyOf, startApiFake } from './api-fake.js';
import { corpus } from './corpus.js';

export const SERPER_TEST_KEY = 'test-serper-key-b41e9a77';

/** "May 3, 2025", as Serper writes a result's date. */
const serperDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

function searchParameters(request: Record<string, unknown> | undefined) {
  return {
    q: request?.q,
    gl: request?.gl ?? 'us',
    hl: request?.hl ?? 'en',
    type: 'search',
    num: request?.num ?? 10,
    page: 1,
    engine: 'google',
  };
}

/**
 * Serper's `POST /search` as serper.md describes it: the key in
 * `X-API-KEY`, a bad key answered with 403 `Unauthorized.`, spent credits
 * with 400 `Not enough credits`.
 */
export function startSerperFake(key = SERPER_TEST_KEY): Promise<ApiFake> {
  const badKey = { status: 403, json: { message: 'Unauthorized.', statusCode: 403 } };
  return startApiFake(
    {
      scenarioIn: 'json',
      isEndpoint: (request) => request.method === 'POST' && request.path === '/search',
      queryOf: (request) => String(jsonBodyOf(request)?.q ?? ''),
      refusal: (request, expected) =>
        request.headers['x-api-key'] === expected ? undefined : badKey,
      badKey,
      results: (query, request) => ({
        searchParameters: searchParameters(jsonBodyOf(request)),
        organic: corpus(query).map((result, index) => ({
          title: result.title,
          link: result.url,
          snippet: result.snippet,
          ...(result.published ? { date: serperDate(result.published) } : {}),
          position: index + 1,
          ...(index === 0
            ? { sitelinks: [{ title: 'Tutorial', link: 'https://tokio.rs/tokio/tutorial' }] }
            : {}),
        })),
        relatedSearches: [{ query: `${query} tutorial` }],
        credits: 1,
      }),
      empty: (query) => ({
        searchParameters: { q: query, type: 'search', engine: 'google' },
        organic: [],
        credits: 1,
      }),
      tooMany: { status: 429, json: { message: 'Too many requests', statusCode: 429 } },
      serverError: { status: 500, json: { message: 'Internal server error', statusCode: 500 } },
    },
    key,
  );
}

/** Serper's answer when the account's credits are spent: 400, not 402 or 429. */
export const SERPER_NO_CREDITS = {
  status: 400,
  json: { message: 'Not enough credits', statusCode: 400 },
};
