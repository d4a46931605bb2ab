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
import { freshnessStart } from '../freshness-start.js';
import type { Provider, ProviderAnswer, ProviderQuery } from '../provider.js';
import { type HttpReply, isFailure } from '../provider-http.js';

/** Results asked for: lookout shows at most 10. */
const NUM_RESULTS = 10;
/** Highlights are the snippets; this is about two snippets' worth of text each. */
const HIGHLIGHT_CHARS = 600;
/** Between two highlights of one page, where text was left out. */
const GAP = ' … ';

const exaAnswer = z.object({ results: z.array(z.unknown()) });

/** `title` may be null (the URL stands in); highlights come only when asked for. */
const exaResult = z.object({
  url: z.string(),
  title: z.string().nullish().catch(null),
  publishedDate: z.string().nullish().catch(null),
  highlights: z.array(z.string()).nullish().catch(null),
});

function body(query: ProviderQuery, now: number): string {
  return JSON.stringify({
    query: query.text,
    type: 'auto',
    numResults: NUM_RESULTS,
    contents: { highlights: { maxCharacters: HIGHLIGHT_CHARS } },
    ...(query.site ? { includeDomains: [query.site] } : {}),
    ...(query.freshness ? { startPublishedDate: freshnessStart(query.freshness, now) } : {}),
    ...(query.safesearch === 'strict' ? { moderation: true } : {}),
  });
}

function failure(reply: HttpReply, key: string | undefined): ProviderAnswer | undefined {
  const detail = errorDetail(reply, key);
  if (reply.status === 401 || reply.status === 403) return keyRefused(reply, detail);
  // Exa answers 402 when the team's credits are spent.
  if (reply.status === 402) return keySpent(reply, 'the key has no credits left', detail);
  return apiStatusFailure(reply, key);
}

function fromJson(reply: HttpReply, now: number): ProviderAnswer {
  const read = readResults(reply, {
    what: 'an Exa search',
    envelope: exaAnswer,
    results: (answer) => answer.results,
    result: exaResult,
    source: ({ url, title, highlights, publishedDate: date }) => {
      const published = publishedDate(date, now);
      const snippet = (highlights ?? []).join(GAP);
      return { title: title ?? '', url, snippet, ...(published ? { published } : {}) };
    },
  });
  return 'outcome' in read ? read : foundSources(read.sources);
}

/** Exa (`x-api-key`): a neural index; its highlights are the snippets. */
export const exa = {
  name: 'exa',
  label: 'Exa',
  endpoint: 'https://api.exa.ai/search',
  needs: ['key'],
  keyEnv: ['EXA_API_KEY'],
  timeoutMs: 10_000,
  // Exa's published default for /search: 10 queries a second.
  rate: { requests: 10, seconds: 1 },

  async search(query, context) {
    const reply = await apiRequest(context, context.endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'x-api-key': context.key ?? '' },
      body: body(query, context.now()),
    });
    if (isFailure(reply)) return reply;
    return failure(reply, context.key) ?? fromJson(reply, context.now());
  },
} satisfies Provider;
