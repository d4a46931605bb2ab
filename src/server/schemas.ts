import { z } from '@hono/zod-openapi';
import { MAX_MAX_CHARS, MIN_MAX_CHARS } from '../fetch/web-fetch.js';
import { FRESHNESS, MAX_QUERY_CHARS, MAX_RESULTS } from '../search/query.js';

/** The API's shapes: the same truth as the CLI's --json and the library, described for OpenAPI. */

export const ProblemSchema = z
  .object({ error: z.object({ code: z.string(), message: z.string(), id: z.string().optional() }) })
  .openapi('Problem');

export const SourceSchema = z
  .object({
    title: z.string(),
    url: z.string(),
    snippet: z.string(),
    published: z.string().optional(),
  })
  .openapi('Source');

export const AttemptSchema = z
  .object({
    provider: z.string(),
    host: z.string(),
    outcome: z.enum([
      'ok',
      'no_results',
      'challenged',
      'blocked',
      'timeout',
      'error',
      'no_key',
      'cooldown',
    ]),
    results: z.number().int(),
    reason: z.string().optional(),
    ms: z.number().int(),
  })
  .openapi('Attempt');

export const SearchResultSchema = z
  .object({
    query: z.string(),
    answer: z.string(),
    sources: z.array(SourceSchema),
    provider: z.string(),
    host: z.string(),
    attempts: z.array(AttemptSchema),
    cached: z.boolean(),
    ms: z.number().int(),
  })
  .openapi('SearchResult');

export const SearchRequestSchema = z
  .object({
    query: z
      .string()
      .min(1)
      .max(4 * MAX_QUERY_CHARS)
      .openapi({ description: 'At most 400 characters once markdown is stripped.' }),
    max_results: z.number().int().min(1).max(MAX_RESULTS).optional(),
    freshness: z.enum(FRESHNESS).optional(),
    site: z.string().max(253).optional(),
    provider: z.string().max(40).optional().openapi({ description: 'Ask only this provider.' }),
  })
  .strict()
  .openapi('SearchRequest');

export const ProviderStatusSchema = z
  .object({
    name: z.string(),
    label: z.string(),
    on: z.boolean(),
    host: z.string(),
    needs: z.string(),
    takesKey: z.boolean(),
    keyFrom: z.string().optional(),
    setUp: z.boolean(),
    ready: z.boolean(),
    restingUntil: z.string().optional(),
    restReason: z.string().optional(),
  })
  .openapi('ProviderStatus');

export const ProviderTestSchema = z
  .object({
    query: z.string(),
    ok: z.boolean(),
    provider: z.string(),
    host: z.string(),
    answer: z.string(),
    sources: z.array(SourceSchema),
    providers: z.array(AttemptSchema),
  })
  .openapi('ProviderTest');

export const FetchRequestSchema = z
  .object({
    url: z.string().min(1).max(8192),
    max_chars: z.number().int().min(MIN_MAX_CHARS).max(MAX_MAX_CHARS).optional(),
    start: z.number().int().min(0).optional(),
    format: z.enum(['markdown', 'text']).optional(),
  })
  .strict()
  .openapi('FetchRequest');

export const PageSchema = z
  .object({
    url: z.string(),
    finalUrl: z.string(),
    host: z.string(),
    status: z.number().int(),
    contentType: z.string(),
    title: z.string().optional(),
    siteName: z.string().optional(),
    byline: z.string().optional(),
    published: z.string().optional(),
    description: z.string().optional(),
    image: z.string().optional(),
    format: z.enum(['markdown', 'text']),
    content: z.string(),
    totalChars: z.number().int(),
    start: z.number().int(),
    truncated: z.boolean().optional(),
    partial: z.boolean().optional(),
  })
  .openapi('Page');

/** The error responses every route can give, for the OpenAPI document. */
export const problemResponses = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: 'A problem', content: { 'application/json': { schema: ProblemSchema } } },
    ]),
  );

/** A JSON response of a route, for the OpenAPI document. */
export const jsonResponse = <T>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A required JSON request body of a route. */
export const jsonBody = <T>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});
