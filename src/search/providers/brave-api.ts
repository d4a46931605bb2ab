import { z } from 'zod';
import { publishedDate } from '../../published-date.js';
import {
  apiStatusFailure,
  errorDetail,
  foundSources,
  jsonOf,
  keyRefused,
  keySpent,
  readResults,
} from '../api-reply.js';
import { apiRequest } from '../api-request.js';
import { withSite } from '../browser-headers.js';
import type { Provider, ProviderAnswer, ProviderQuery } from '../provider.js';
import { type HttpReply, isFailure } from '../provider-http.js';

/** Brave's `freshness` spans. */
const FRESHNESS = { day: 'pd', week: 'pw', month: 'pm', year: 'py' } as const;
/** Results asked for: lookout shows at most 10, and Brave bills per request, not per result. */
const COUNT = '10';

/** Brave's `ErrorResponse`: the code tells a bad key from a bad request, `meta` a spent quota. */
const braveError = z.object({
  error: z.object({
    code: z.string().catch(''),
    meta: z
      .object({ quota_limit: z.number().catch(0), quota_current: z.number().catch(0) })
      .partial()
      .nullish()
      .catch(null),
  }),
});

/** A web search answer; `web` is absent when there are no web results. */
const braveAnswer = z.object({
  query: z.looseObject({}),
  web: z.object({ results: z.array(z.unknown()) }).nullish(),
});

const braveResult = z.object({
  url: z.string(),
  title: z.string().catch(''),
  description: z.string().nullish().catch(null),
  page_age: z.string().nullish().catch(null),
  age: z.string().nullish().catch(null),
});

function searchUrl(endpoint: string, query: ProviderQuery): string {
  const url = new URL(endpoint);
  const params = url.searchParams;
  params.set('q', withSite(query.text, query.site));
  params.set('count', COUNT);
  params.set('safesearch', query.safesearch);
  // Plain text: with decorations on, descriptions carry <strong> and a literal "<" is ambiguous.
  params.set('text_decorations', 'false');
  if (query.freshness) params.set('freshness', FRESHNESS[query.freshness]);
  if (query.language !== 'auto') {
    const [language, country] = query.language.split('-');
    params.set('search_lang', (language as string).toLowerCase());
    if (country?.length === 2) params.set('country', country.toUpperCase());
  }
  return url.href;
}

function failure(reply: HttpReply, key: string | undefined): ProviderAnswer | undefined {
  const parsed = braveError.safeParse(jsonOf(reply));
  const error = parsed.success ? parsed.data.error : undefined;
  const detail = errorDetail(reply, key);
  // Brave answers a bad key with 422 SUBSCRIPTION_TOKEN_INVALID; 401 is kept for safety.
  if (reply.status === 401 || error?.code === 'SUBSCRIPTION_TOKEN_INVALID') {
    return keyRefused(reply, error?.code ?? '');
  }
  if (reply.status === 429) {
    const { quota_limit: limit = 0, quota_current: used = 0 } = error?.meta ?? {};
    // A quota_limit of 0 means no monthly cap on some paid plans.
    if (limit > 0 && used >= limit) return keySpent(reply, 'the key used up its monthly quota');
  }
  if (reply.status === 422) {
    return { outcome: 'error', reason: `refused the search (422: ${detail || 'invalid'})` };
  }
  return apiStatusFailure(reply, key);
}

function fromJson(reply: HttpReply, now: number): ProviderAnswer {
  const read = readResults(reply, {
    what: 'a Brave search',
    envelope: braveAnswer,
    results: (answer) => answer.web?.results,
    result: braveResult,
    source: ({ url, title, description, page_age: pageAge, age }) => {
      const published = publishedDate(pageAge ?? age, now);
      // Asked for plain text; should Brave mark query words with <strong> anyway, the marks go.
      const snippet = (description ?? '').replace(/<\/?strong>/g, '');
      return { title, url, snippet, ...(published ? { published } : {}) };
    },
  });
  return 'outcome' in read ? read : foundSources(read.sources);
}

/** The Brave Search API (`X-Subscription-Token`): Brave's own index, as JSON. */
export const braveApi = {
  name: 'brave_api',
  label: 'Brave Search API',
  endpoint: 'https://api.search.brave.com/res/v1/web/search',
  needs: ['key'],
  keyEnv: ['BRAVE_API_KEY'],
  timeoutMs: 10_000,
  // Brave's free plan: 1 request a second (paid plans allow more; lookout cannot tell which).
  rate: { requests: 1, seconds: 1 },

  async search(query, context) {
    const reply = await apiRequest(context, searchUrl(context.endpoint, query), {
      headers: { 'X-Subscription-Token': context.key ?? '' },
    });
    if (isFailure(reply)) return reply;
    return failure(reply, context.key) ?? fromJson(reply, context.now());
  },
} satisfies Provider;
