import { z } from 'zod';
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
import type { Provider, ProviderAnswer, ProviderContext, ProviderQuery } from '../provider.js';
import { type HttpReply, isFailure } from '../provider-http.js';

/** Google's `dateRestrict` spans. */
const FRESHNESS = { day: 'd1', week: 'w1', month: 'm1', year: 'y1' } as const;
/** Google has two levels; a moderate filter is its active one. */
const SAFE = { off: 'off', moderate: 'active', strict: 'active' } as const;
/** `num` may be 1 to 10; more is an error, not a cut. */
const NUM = '10';

/** Google's error envelope: `details[].reason` tells a bad key from other refusals. */
const googleError = z.object({
  error: z.object({
    message: z.string().catch(''),
    details: z.array(z.object({ reason: z.string().catch('') })).catch([]),
  }),
});

/** A search answer: `items` is absent, not empty, when nothing was found. */
const googleAnswer = z.object({
  kind: z.literal('customsearch#search'),
  items: z.array(z.unknown()).optional(),
});

const googleItem = z.object({
  link: z.string(),
  title: z.string().catch(''),
  snippet: z.string().nullish().catch(null),
});

function searchUrl(query: ProviderQuery, context: ProviderContext): string {
  const url = new URL(context.endpoint);
  const params = url.searchParams;
  params.set('cx', context.settings.google_pse_cx);
  params.set('q', query.text);
  params.set('num', NUM);
  params.set('safe', SAFE[query.safesearch]);
  if (query.freshness) params.set('dateRestrict', FRESHNESS[query.freshness]);
  if (query.site) {
    params.set('siteSearch', query.site);
    params.set('siteSearchFilter', 'i');
  }
  if (query.language !== 'auto') params.set('hl', query.language);
  return url.href;
}

function failure(reply: HttpReply, key: string | undefined): ProviderAnswer | undefined {
  if (reply.status < 400) return apiStatusFailure(reply, key);
  const parsed = googleError.safeParse(jsonOf(reply));
  const reasons = parsed.success ? parsed.data.error.details.map((detail) => detail.reason) : [];
  const detail = errorDetail(reply, key);
  if (reasons.includes('API_KEY_INVALID') || /API key not valid/i.test(detail)) {
    return keyRefused(reply, detail);
  }
  // 403: the key is restricted, or its project may not use this API.
  if (reply.status === 403) return keyRefused(reply, detail);
  if (reply.status === 429 && /per day/i.test(detail)) {
    return keySpent(reply, 'the key used up its daily quota');
  }
  return apiStatusFailure(reply, key);
}

function fromJson(reply: HttpReply): ProviderAnswer {
  const read = readResults(reply, {
    what: 'a Google search',
    envelope: googleAnswer,
    results: (answer) => answer.items,
    result: googleItem,
    source: ({ title, link, snippet }) => ({ title, url: link, snippet: snippet ?? '' }),
  });
  return 'outcome' in read ? read : foundSources(read.sources);
}

/**
 * Google Programmable Search (the Custom Search JSON API): an API key in
 * `X-Goog-Api-Key` and a search engine id (`cx`). Google closed this API to
 * new customers and ends it on 2027-01-01.
 */
export const googlePse = {
  name: 'google_pse',
  label: 'Google Programmable Search (ends 2027-01-01)',
  endpoint: 'https://www.googleapis.com/customsearch/v1',
  needs: ['key', { setting: 'google_pse_cx', what: 'the search engine id' }],
  keyEnv: ['GOOGLE_API_KEY'],
  timeoutMs: 10_000,

  async search(query, context) {
    const reply = await apiRequest(context, searchUrl(query, context), {
      headers: { 'X-Goog-Api-Key': context.key ?? '' },
    });
    if (isFailure(reply)) return reply;
    return failure(reply, context.key) ?? fromJson(reply);
  },
} satisfies Provider;
