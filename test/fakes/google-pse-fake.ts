import { type ApiFake, startApiFake } from './api-fake.js';
import { corpus } from './corpus.js';

export const GOOGLE_TEST_KEY = 'AIzaTestGoogleKey-3c9d7e1f';
export const GOOGLE_TEST_CX = '0123456789abcdef0';

const SEARCH_PATH = '/customsearch/v1';

/** Google's standard error envelope. */
function googleError(code: number, status: string, message: string, reason: string) {
  return {
    error: {
      code,
      message,
      errors: [
        { message, domain: 'global', reason: code === 429 ? 'rateLimitExceeded' : 'badRequest' },
      ],
      status,
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason,
          domain: 'googleapis.com',
          metadata: { service: 'customsearch.googleapis.com' },
        },
      ],
    },
  };
}

const searchAnswer = (query: string, items?: unknown[]) => ({
  kind: 'customsearch#search',
  url: {
    type: 'application/json',
    template: 'https://www.googleapis.com/customsearch/v1?q={searchTerms}',
  },
  queries: {
    request: [
      {
        title: `Google Custom Search - ${query}`,
        totalResults: items ? '1230000' : '0',
        searchTerms: query,
        count: 10,
        startIndex: 1,
      },
    ],
  },
  context: { title: 'lookout-test' },
  searchInformation: {
    searchTime: 0.312,
    formattedSearchTime: '0.31',
    totalResults: items ? '1230000' : '0',
    formattedTotalResults: items ? '1,230,000' : '0',
  },
  // `items` is absent, not empty, when nothing was found.
  ...(items ? { items } : {}),
});

/**
 * Google's Custom Search JSON API (`customsearch/v1`) as google-cse.md
 * describes it: the key in `X-Goog-Api-Key`, the engine in `cx`, a bad key
 * answered with 400 `API_KEY_INVALID`, quota errors as 429.
 */
export function startGooglePseFake(key = GOOGLE_TEST_KEY, cx = GOOGLE_TEST_CX): Promise<ApiFake> {
  const badKey = {
    status: 400,
    json: googleError(
      400,
      'INVALID_ARGUMENT',
      'API key not valid. Please pass a valid API key.',
      'API_KEY_INVALID',
    ),
  };
  return startApiFake(
    {
      scenarioIn: 'q',
      isEndpoint: (request) => request.method === 'GET' && request.path === SEARCH_PATH,
      queryOf: (request) => request.params.get('q') ?? '',
      refusal: (request, expected) => {
        if (request.headers['x-goog-api-key'] !== expected) return badKey;
        if (request.params.get('cx') !== cx) {
          return {
            status: 400,
            json: googleError(
              400,
              'INVALID_ARGUMENT',
              'Request contains an invalid argument.',
              'BAD_REQUEST',
            ),
          };
        }
        return undefined;
      },
      badKey,
      results: (query) =>
        searchAnswer(
          query,
          corpus(query).map((result) => ({
            kind: 'customsearch#result',
            title: result.title,
            htmlTitle: result.title.replaceAll('Tokio', '<b>Tokio</b>'),
            link: result.url,
            displayLink: new URL(result.url).hostname,
            snippet: result.snippet,
            htmlSnippet: result.snippet.replaceAll('runtime', '<b>runtime</b>'),
            formattedUrl: result.url,
          })),
        ),
      empty: (query) => searchAnswer(query),
      tooMany: {
        status: 429,
        json: googleError(
          429,
          'RESOURCE_EXHAUSTED',
          "Quota exceeded for quota metric 'Queries' and limit 'Queries per minute' of service 'customsearch.googleapis.com' for consumer 'project_number:123456789'.",
          'RATE_LIMIT_EXCEEDED',
        ),
      },
      serverError: {
        status: 500,
        json: googleError(500, 'INTERNAL', 'Internal error encountered.', 'INTERNAL'),
      },
    },
    key,
  );
}

/** Google's answer when the free 100 queries of a day are spent. */
export const GOOGLE_DAILY_QUOTA = {
  status: 429,
  json: googleError(
    429,
    'RESOURCE_EXHAUSTED',
    "Quota exceeded for quota metric 'Queries' and limit 'Queries per day' of service 'customsearch.googleapis.com' for consumer 'project_number:123456789'.",
    'RATE_LIMIT_EXCEEDED',
  ),
};
