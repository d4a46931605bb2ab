import { type ApiFake, jsonBodyOf, startApiFake } from './api-fake.js';
import { corpus } from './corpus.js';

export const TAVILY_TEST_KEY = 'tvly-test-tavily-key-5e8b1d04';

/** Tavily's error envelope: `{"detail": {"error": ...}}`. */
const detail = (error: string) => ({ detail: { error } });

/**
 * Tavily's `POST /search` as tavily.md describes it: the key as a Bearer
 * token (or, from older clients, `api_key` in the body), `answer` when
 * asked for, 401 for a bad key, 432/433 for spent limits.
 */
export function startTavilyFake(key = TAVILY_TEST_KEY): Promise<ApiFake> {
  const badKey = { status: 401, json: detail('Unauthorized: missing or invalid API key.') };
  return startApiFake(
    {
      scenarioIn: 'json',
      isEndpoint: (request) => request.method === 'POST' && request.path === '/search',
      queryOf: (request) => String(jsonBodyOf(request)?.query ?? ''),
      refusal: (request, expected) => {
        const bearer = request.headers.authorization === `Bearer ${expected}`;
        return bearer || jsonBodyOf(request)?.api_key === expected ? undefined : badKey;
      },
      badKey,
      results: (query, request) => ({
        query,
        follow_up_questions: null,
        answer: jsonBodyOf(request)?.include_answer
          ? `Tokio is the most widely used runtime for ${query}.`
          : null,
        images: [],
        results: corpus(query).map((result, index) => ({
          title: result.title,
          url: result.url,
          content: result.snippet,
          score: 0.91 - index / 10,
          raw_content: null,
        })),
        response_time: 1.42,
        request_id: '5f0c1a7e-2b3d-4c5e-8f90-1a2b3c4d5e6f',
      }),
      empty: (query) => ({
        query,
        follow_up_questions: null,
        answer: null,
        images: [],
        results: [],
        response_time: 0.61,
      }),
      tooMany: {
        status: 429,
        headers: { 'retry-after': '30' },
        json: detail('Rate limit exceeded. Please try again later.'),
      },
      serverError: { status: 500, json: detail('Internal Server Error') },
    },
    key,
  );
}
