import { z } from 'zod';
import { publishedDate } from '../../published-date.js';
import {
  apiStatusFailure,
  errorDetail,
  foundSources,
  keyRefused,
  keySpent,
  readResults,
} from '../api-reply.js';
import { apiRequest } from '../api-request.js';
import { withSite } from '../browser-headers.js';
import type { Provider, ProviderAnswer, ProviderQuery } from '../provider.js';
import { type HttpReply, isFailure } from '../provider-http.js';

/** Google's `tbs` time filters, which Serper passes on. */
const FRESHNESS = { day: 'qdr:d', week: 'qdr:w', month: 'qdr:m', year: 'qdr:y' } as const;
/** Ten results cost one credit; more cost two. */
const NUM = 10;

/** A search answer: `organic` is empty or absent when nothing was found. */
const serperAnswer = z.object({
  searchParameters: z.looseObject({}),
  organic: z.array(z.unknown()).optional(),
});

const serperResult = z.object({
  link: z.string(),
  title: z.string().catch(''),
  snippet: z.string().nullish().catch(null),
  date: z.string().nullish().catch(null),
});

function body(query: ProviderQuery): string {
  const [language, country] = query.language.split('-');
  return JSON.stringify({
    q: withSite(query.text, query.site),
    num: NUM,
    ...(query.freshness ? { tbs: FRESHNESS[query.freshness] } : {}),
    ...(query.language !== 'auto' ? { hl: language?.toLowerCase() } : {}),
    ...(country?.length === 2 ? { gl: country.toLowerCase() } : {}),
  });
}

function failure(reply: HttpReply, key: string | undefined): ProviderAnswer | undefined {
  const detail = errorDetail(reply, key);
  // Serper answers a bad key with 403 "Unauthorized." and spent credits with 400, so the body decides.
  if (reply.status === 401 || reply.status === 403) return keyRefused(reply, detail);
  if (reply.status === 400 && /credits/i.test(detail)) {
    return keySpent(reply, 'not enough credits');
  }
  return apiStatusFailure(reply, key);
}

function fromJson(reply: HttpReply, now: number): ProviderAnswer {
  const read = readResults(reply, {
    what: 'a Serper search',
    envelope: serperAnswer,
    results: (answer) => answer.organic,
    result: serperResult,
    source: ({ link, title, snippet, date }) => {
      const published = publishedDate(date, now);
      return { title, url: link, snippet: snippet ?? '', ...(published ? { published } : {}) };
    },
  });
  return 'outcome' in read ? read : foundSources(read.sources);
}

/** Serper (`X-API-KEY`): Google's results, as JSON. */
export const serper = {
  name: 'serper',
  label: 'Serper',
  endpoint: 'https://google.serper.dev/search',
  needs: ['key'],
  keyEnv: ['SERPER_API_KEY'],
  timeoutMs: 10_000,

  async search(query, context) {
    const reply = await apiRequest(context, context.endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-KEY': context.key ?? '' },
      body: body(query),
    });
    if (isFailure(reply)) return reply;
    return failure(reply, context.key) ?? fromJson(reply, context.now());
  },
} satisfies Provider;
