import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { VERSION } from '../../version.js';
import { requireRole, roleOf, tokensSet } from '../auth.js';
import { findModelServer } from '../find-model-server.js';
import { jsonResponse, problemResponses } from '../schemas.js';
import type { ServerContext } from '../server-context.js';

const SessionSchema = z
  .object({
    role: z.enum(['user', 'admin']),
    tokens: z.boolean().openapi({ description: 'Whether this server asks for a bearer token.' }),
    version: z.string(),
  })
  .openapi('Session');

const ModelServerSchema = z
  .object({
    found: z.boolean(),
    baseUrl: z.string().optional(),
    model: z.string().optional(),
    message: z.string().optional().openapi({ description: 'Why none was found, and what to set.' }),
  })
  .openapi('ModelServer');

/** What `/api/session` and `/api/model-server` answer, for the web chat's types. */
export type Session = z.infer<typeof SessionSchema>;
export type ModelServer = z.infer<typeof ModelServerSchema>;

const sessionRoute = createRoute({
  method: 'get',
  path: '/api/session',
  summary: 'Who the token is (admin or user), so a client knows what it may show',
  responses: { 200: jsonResponse(SessionSchema, 'The session'), ...problemResponses(401) },
});

const modelServerRoute = createRoute({
  method: 'get',
  path: '/api/model-server',
  summary: 'The model server chats talk to, found as a chat turn finds it',
  responses: {
    200: jsonResponse(ModelServerSchema, 'The model server, or why none was found'),
    ...problemResponses(401),
  },
});

/** What a client asks first: its role, and whether chats have a model server to talk to. */
export function sessionRoutes(app: OpenAPIHono, server: ServerContext): void {
  app.use('/api/session', requireRole('user', server));
  app.use('/api/model-server', requireRole('user', server));

  app.openapi(sessionRoute, (context) => {
    const role = roleOf(context.req.header('authorization'), server.settings);
    return context.json(
      {
        role: role === 'admin' ? 'admin' : 'user',
        tokens: tokensSet(server.settings),
        version: VERSION,
      },
      200,
    );
  });

  app.openapi(modelServerRoute, async (context) => {
    const found = await findModelServer(server);
    return context.json(
      found.ok
        ? { found: true, baseUrl: found.value.baseUrl, model: found.value.model }
        : { found: false, message: found.failure.message },
      200,
    );
  });
}
