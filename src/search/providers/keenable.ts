import { z } from 'zod';
import { publishedDate } from '../../published-date.js';
import {
  apiStatusFailure,
  errorDetail,
  foundSources,
  keyRefused,
  keySpent,
  rateLimited,
  readResults,
} from '../api-reply.js';
import { apiRequest } from '../api-request.js';
import { freshnessStart } from '../freshness-start.js';
import type { Provider, ProviderAnswer, ProviderQuery } from '../provider.js';
import { type HttpReply, isFailure } from '../provider-http.js';

/** Keenable's keyless tier refuses requests that do not name their client. */
const CLIENT_TITLE = 'lookout';

const keenableAnswer = z.object({ results: z.array(z.unknown()) });

/** `snippet` is page text for the query; `description` the page's own, often empty. */
const keenableResult = z.object({
  url: z.string(),
  title: z.string().nullish().catch(null),
  snippet: z.string().nullish().catch(null),
  description: z.string().nullish().catch(null),
  published_at: z.union([z.string(), z.number()]).nullish().catch(null),
});

/** The keyed endpoint, or the keyless one beside it (`/v1/search` → `/v1/search/public`). */
const searchUrl = (endpoint: string, keyed: boolean): string =>
  keyed ? endpoint : `${endpoint.replace(/\/+$/, '')}/public`;

function body(query: ProviderQuery, now: number): string {
  return JSON.stringify({
    query: query.text,
    ...(query.site ? { site: query.site } : {}),
    ...(query.freshness ? { published_after: freshnessStart(query.freshness, now) } : {}),
  });
}

/** A publication time as ISO text or Unix seconds. */
const published = (value: string | number | null | undefined, now: number) =>
  publishedDate(typeof value === 'number' ? new Date(value * 1000).toISOString() : value, now);

function failure(reply: HttpReply, key: string | undefined): ProviderAnswer | undefined {
  const detail = errorDetail(reply, key);
  // 400 is a malformed key, 401 a missing or invalid one, 403 one disabled or revoked.
  if (key && [400, 401, 403].includes(reply.status)) return keyRefused(reply, detail);
  if (reply.status === 402) return keySpent(reply, 'the key has no credits left', detail);
  if (reply.status === 429 && !key) {
    const limited = rateLimited(reply, detail);
    return {
      ...limited,
      reason: `${limited.reason}; without a key Keenable allows 1,000 searches an hour`,
    };
  }
  return apiStatusFailure(reply, key);
}

function fromJson(reply: HttpReply, now: number): ProviderAnswer {
  const read = readResults(reply, {
    what: 'a Keenable search',
    envelope: keenableAnswer,
    results: (answer) => answer.results,
    result: keenableResult,
    source: ({ url, title, snippet, description, published_at: at }) => {
      const date = published(at, now);
      return {
        title: title ?? '',
        url,
        snippet: snippet || description || '',
        ...(date ? { published: date } : {}),
      };
    },
  });
  return 'outcome' in read ? read : foundSources(read.sources);
}

/**
 * Keenable: its own web index, with a key (`X-API-Key`) or without one (the
 * keyless `/public` endpoint, limited per address). Format from Keenable's
 * REST reference and its official SDK; there is no format file for it.
 */
export const keenable = {
  name: 'keenable',
  label: 'Keenable',
  endpoint: 'https://api.keenable.ai/v1/search',
  needs: [],
  keyEnv: ['KEENABLE_API_KEY'],
  timeoutMs: 10_000,
  // Keenable's published keyless limit: 10 requests a second (and 1,000 an hour).
  rate: { requests: 10, seconds: 1 },

  async search(query, context) {
    const keyed = Boolean(context.key);
    const reply = await apiRequest(context, searchUrl(context.endpoint, keyed), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(keyed ? { 'X-API-Key': context.key as string } : { 'X-Keenable-Title': CLIENT_TITLE }),
      },
      body: body(query, context.now()),
    });
    if (isFailure(reply)) return reply;
    return failure(reply, context.key) ?? fromJson(reply, context.now());
  },
} satisfies Provider;
