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
import type { Provider, ProviderAnswer, ProviderQuery } from '../provider.js';
import { type HttpReply, isFailure } from '../provider-http.js';

/** Results asked for: lookout shows at most 10. */
const MAX_RESULTS = 10;

/** Tavily's own statuses for a spent key: 432 the plan's limit, 433 the pay-as-you-go limit. */
const SPENT: Record<number, string> = {
  432: 'the key reached its limit',
  433: 'the key reached its pay-as-you-go limit',
};

const tavilyAnswer = z.object({
  answer: z.string().nullish().catch(null),
  results: z.array(z.unknown()),
});

const tavilyResult = z.object({
  url: z.string(),
  title: z.string().catch(''),
  content: z.string().nullish().catch(null),
  published_date: z.string().nullish().catch(null),
});

function body(query: ProviderQuery): string {
  return JSON.stringify({
    query: query.text,
    search_depth: 'basic',
    topic: 'general',
    max_results: MAX_RESULTS,
    // Tavily writes a short answer from what it found; it becomes the result's answer.
    include_answer: true,
    ...(query.freshness ? { time_range: query.freshness } : {}),
    ...(query.site ? { include_domains: [query.site] } : {}),
  });
}

function failure(reply: HttpReply, key: string | undefined): ProviderAnswer | undefined {
  const detail = errorDetail(reply, key);
  if (reply.status === 401 || reply.status === 403) return keyRefused(reply, detail);
  const spent = SPENT[reply.status];
  if (spent) return keySpent(reply, spent, detail);
  return apiStatusFailure(reply, key);
}

function fromJson(reply: HttpReply, now: number): ProviderAnswer {
  const read = readResults(reply, {
    what: 'a Tavily search',
    envelope: tavilyAnswer,
    results: (answer) => answer.results,
    result: tavilyResult,
    source: ({ url, title, content, published_date: date }) => {
      const published = publishedDate(date, now);
      return { title, url, snippet: content ?? '', ...(published ? { published } : {}) };
    },
  });
  return 'outcome' in read ? read : foundSources(read.sources, read.envelope.answer?.trim());
}

/** Tavily (Bearer key): search for AI agents, with a written answer. */
export const tavily = {
  name: 'tavily',
  label: 'Tavily',
  endpoint: 'https://api.tavily.com/search',
  needs: ['key'],
  keyEnv: ['TAVILY_API_KEY'],
  // Writing the answer takes Tavily a few seconds more than a plain search.
  timeoutMs: 15_000,
  // Tavily's published limit for development keys (production keys: 1,000 a minute).
  rate: { requests: 100, seconds: 60 },

  async search(query, context) {
    const reply = await apiRequest(context, context.endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${context.key ?? ''}` },
      body: body(query),
    });
    if (isFailure(reply)) return reply;
    return failure(reply, context.key) ?? fromJson(reply, context.now());
  },
} satisfies Provider;
