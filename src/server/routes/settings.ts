import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { PROVIDER_NAMES } from '../../search/provider-names.js';
import { providerStatuses } from '../../search/provider-status.js';
import { requireRole } from '../auth.js';
import { failureResponse, problem } from '../problem.js';
import { jsonBody, jsonResponse, ProviderStatusSchema, problemResponses } from '../schemas.js';
import type { ServerContext } from '../server-context.js';

const SettingViewSchema = z
  .object({
    name: z.string(),
    env: z.string(),
    source: z.enum(['default', 'saved', 'environment']),
    description: z.string(),
    value: z.unknown().optional(),
    set: z.boolean().optional(),
  })
  .openapi('Setting');

const readRoute = createRoute({
  method: 'get',
  path: '/api/settings',
  summary:
    'Every setting: its value (never a secret), and whether it is a default, saved, or set by the environment',
  responses: {
    200: jsonResponse(z.array(SettingViewSchema), 'The settings'),
    ...problemResponses(401),
  },
});

const changeRoute = createRoute({
  method: 'patch',
  path: '/api/settings',
  summary: 'Save settings (all or none); null returns one to its default',
  request: jsonBody(z.record(z.string(), z.unknown())),
  responses: {
    200: jsonResponse(z.array(SettingViewSchema), 'The settings after the change'),
    ...problemResponses(400, 401, 403),
  },
});

const orderRoute = createRoute({
  method: 'post',
  path: '/api/providers/{name}',
  summary: 'Move a search provider up or down, or turn it on or off',
  request: {
    params: z.object({ name: z.enum(PROVIDER_NAMES) }),
    ...jsonBody(z.object({ change: z.enum(['up', 'down', 'toggle']) }).strict()),
  },
  responses: {
    200: jsonResponse(z.array(ProviderStatusSchema), 'The providers in their new order'),
    ...problemResponses(400, 401, 403),
  },
});

const keyParams = z.object({ name: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/) });
const KeyStateSchema = z.object({ name: z.string(), set: z.boolean() }).openapi('KeyState');
/** What the key routes answer: a key's name and whether it is set, never the key. */
export type KeyState = z.infer<typeof KeyStateSchema>;

const listKeysRoute = createRoute({
  method: 'get',
  path: '/api/keys',
  summary: 'The keys that are set, by name (never the keys)',
  responses: {
    200: jsonResponse(z.array(KeyStateSchema), 'The keys that are set'),
    ...problemResponses(401, 403),
  },
});

const setKeyRoute = createRoute({
  method: 'put',
  path: '/api/keys/{name}',
  summary: 'Save a provider key; it is never shown back',
  request: {
    params: keyParams,
    ...jsonBody(z.object({ key: z.string().min(1).max(4096) }).strict()),
  },
  responses: {
    200: jsonResponse(KeyStateSchema, 'The key is set'),
    ...problemResponses(400, 401, 403),
  },
});

const removeKeyRoute = createRoute({
  method: 'delete',
  path: '/api/keys/{name}',
  summary: 'Remove a provider key',
  request: { params: keyParams },
  responses: {
    200: jsonResponse(KeyStateSchema, 'The key is removed'),
    ...problemResponses(400, 401, 403),
  },
});

/** Settings, the provider order and keys: admin only, but a scrubbed read for users. */
export function settingsRoutes(app: OpenAPIHono, server: ServerContext): void {
  const { live, keys } = server;
  if (!live || !keys) return;
  app.use('/api/settings', async (context, next) =>
    requireRole(context.req.method === 'GET' ? 'user' : 'admin', server)(context, next),
  );
  app.use('/api/keys', requireRole('admin', server));
  app.use('/api/keys/*', requireRole('admin', server));

  app.openapi(readRoute, (context) => context.json(live.view(), 200));

  app.openapi(changeRoute, async (context) => {
    const outcome = await live.change(context.req.valid('json'));
    if (!outcome.ok) return failureResponse(context, outcome.failure) as never;
    return context.json(outcome.value, 200);
  });

  app.openapi(orderRoute, async (context) => {
    await live.changeProviders(context.req.valid('param').name, context.req.valid('json').change);
    return context.json(providerStatuses(live.search), 200);
  });

  app.openapi(listKeysRoute, (context) =>
    context.json(
      keys.names().map((name) => ({ name, set: true })),
      200,
    ),
  );

  app.openapi(setKeyRoute, (context) => {
    const { name } = context.req.valid('param');
    keys.set(name, context.req.valid('json').key);
    return context.json({ name, set: true }, 200);
  });

  app.openapi(removeKeyRoute, (context) => {
    const { name } = context.req.valid('param');
    if (!keys.remove(name))
      return problem(context, 404, 'not_found', `no key named ${name} is set`) as never;
    return context.json({ name, set: false }, 200);
  });
}
