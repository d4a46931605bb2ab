import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { webFetch } from '../../fetch/web-fetch.js';
import { requireRole } from '../auth.js';
import { failureResponse } from '../problem.js';
import {
  FetchRequestSchema,
  jsonBody,
  jsonResponse,
  PageSchema,
  problemResponses,
} from '../schemas.js';
import type { ServerContext } from '../server-context.js';

const fetchRoute = createRoute({
  method: 'post',
  path: '/api/fetch',
  summary: 'Read one public page or file through the SSRF guard',
  request: jsonBody(FetchRequestSchema),
  responses: {
    200: jsonResponse(PageSchema, 'The page'),
    ...problemResponses(400, 401, 403, 415, 422, 502, 504),
  },
});

/** `POST /api/fetch` with the `web_fetch` arguments. */
export function fetchRoutes(app: OpenAPIHono, server: ServerContext): void {
  const { resolve, ownAddresses } = server;
  app.use('/api/fetch', requireRole('user', server));
  app.openapi(fetchRoute, async (context) => {
    const body = context.req.valid('json');
    const outcome = await webFetch(
      {
        url: body.url,
        ...(body.max_chars ? { maxChars: body.max_chars } : {}),
        ...(body.start !== undefined ? { start: body.start } : {}),
        ...(body.format ? { format: body.format } : {}),
      },
      {
        settings: server.settings,
        signal: context.req.raw.signal,
        ...(resolve ? { resolve } : {}),
        ...(ownAddresses ? { ownAddresses } : {}),
      },
    );
    if (!outcome.ok) return failureResponse(context, outcome.failure) as never;
    return context.json(outcome.value, 200);
  });
}
