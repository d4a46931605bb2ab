import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { providerStatuses } from '../../search/provider-status.js';
import { requireRole, userOf } from '../auth.js';
import { failureResponse } from '../problem.js';
import {
  jsonBody,
  jsonResponse,
  ProviderStatusSchema,
  ProviderTestSchema,
  problemResponses,
  SearchRequestSchema,
  SearchResultSchema,
} from '../schemas.js';
import type { ServerContext } from '../server-context.js';

const searchRoute = createRoute({
  method: 'post',
  path: '/api/search',
  summary: 'Search the web through the provider chain',
  request: jsonBody(SearchRequestSchema),
  responses: {
    200: jsonResponse(SearchResultSchema, 'The search result'),
    ...problemResponses(400, 401, 403, 429, 502),
  },
});

const providersRoute = createRoute({
  method: 'get',
  path: '/api/providers',
  summary: 'Every search provider: on or off, what it needs, whether it rests',
  responses: {
    200: jsonResponse(z.array(ProviderStatusSchema), 'The providers in chain order'),
    ...problemResponses(401, 403),
  },
});

const testRoute = createRoute({
  method: 'post',
  path: '/api/providers/test',
  summary: 'Ask every provider, also after the first answer and those resting',
  request: jsonBody(z.object({ query: z.string().min(1).max(1600) }).strict()),
  responses: {
    200: jsonResponse(ProviderTestSchema, 'One row per provider, and the first answer'),
    ...problemResponses(400, 401, 403, 429),
  },
});

const queryRoute = createRoute({
  method: 'post',
  path: '/api/search/query',
  summary: 'Search with one named provider directly: no chain, no cache',
  request: jsonBody(SearchRequestSchema.required({ provider: true })),
  responses: {
    200: jsonResponse(SearchResultSchema, 'The search result'),
    ...problemResponses(400, 401, 403, 429, 502),
  },
});

const searchProvidersRoute = createRoute({
  method: 'get',
  path: '/api/search/providers',
  summary: 'Every search provider (as /api/providers)',
  responses: {
    200: jsonResponse(z.array(ProviderStatusSchema), 'The providers in chain order'),
    ...problemResponses(401),
  },
});

const configRoute = createRoute({
  method: 'get',
  path: '/api/search/config',
  summary: 'Search settings, with which provider keys are set (never the keys)',
  responses: {
    200: jsonResponse(
      z.object({
        settings: z.record(z.string(), z.unknown()),
        keys: z.array(z.object({ name: z.string(), set: z.boolean() })),
      }),
      'The search configuration',
    ),
    ...problemResponses(401),
  },
});

/** Settings that shape a search, as `/api/search/config` shows them. */
const SEARCH_SETTINGS = [
  'searxng_url',
  'searxng_categories',
  'providers',
  'providers_off',
  'language',
  'safesearch',
  'snippet_chars',
  'search_limit_per_user',
  'search_limit_total',
] as const;

/** Search, the provider list and the provider test. */
export function searchRoutes(app: OpenAPIHono, server: ServerContext): void {
  app.use('/api/search', requireRole('user', server));
  app.use('/api/providers', requireRole('user', server));
  app.use('/api/providers/:name', requireRole('admin', server));

  /** The chain (`/api/search`), or one provider without the cache (`/api/search/query`). */
  const search = async (
    context: Context,
    body: z.infer<typeof SearchRequestSchema>,
    cache: boolean,
  ) => {
    const outcome = await server.search.search(
      {
        query: body.query,
        ...(body.max_results ? { maxResults: body.max_results } : {}),
        ...(body.freshness ? { freshness: body.freshness } : {}),
        ...(body.site ? { site: body.site } : {}),
        ...(body.provider ? { provider: body.provider } : {}),
      },
      { signal: context.req.raw.signal, user: userOf(context.req.header('authorization')), cache },
    );
    return outcome.ok
      ? context.json(outcome.value, 200)
      : failureResponse(context, outcome.failure);
  };

  app.openapi(searchRoute, (context) => search(context, context.req.valid('json'), true) as never);
  app.use('/api/search/*', requireRole('user', server));

  app.openapi(queryRoute, (context) => search(context, context.req.valid('json'), false) as never);

  app.openapi(searchProvidersRoute, (context) =>
    context.json(providerStatuses(server.search), 200),
  );

  app.openapi(configRoute, (context) => {
    const settings = Object.fromEntries(
      SEARCH_SETTINGS.map((name) => [name, server.settings[name]]),
    );
    const keys = (server.keys?.names() ?? []).map((name) => ({ name, set: true }));
    return context.json({ settings, keys }, 200);
  });

  app.openapi(providersRoute, (context) => context.json(providerStatuses(server.search), 200));

  app.openapi(testRoute, async (context) => {
    const outcome = await server.search.test(context.req.valid('json').query, {
      signal: context.req.raw.signal,
      user: userOf(context.req.header('authorization')),
    });
    if (!outcome.ok) return failureResponse(context, outcome.failure) as never;
    return context.json(outcome.value, 200);
  });
}
