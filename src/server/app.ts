import { randomBytes } from 'node:crypto';
import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { VERSION } from '../version.js';
import { loopbackHostsOnly } from './host-check.js';
import { problem } from './problem.js';
import { chatRoutes } from './routes/chats.js';
import { fetchRoutes } from './routes/fetch.js';
import { mcpRoutes } from './routes/mcp.js';
import { proxyRoutes } from './routes/proxy.js';
import { searchRoutes } from './routes/search.js';
import { sessionRoutes } from './routes/session.js';
import { settingsRoutes } from './routes/settings.js';
import type { ServerContext } from './server-context.js';
import { WEB_ROOT, webUi } from './web-ui.js';

/** Request bodies are a query or an address: anything far larger is not one. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * The HTTP API: every body checked against its schema (a 400 with the reason
 * otherwise), every failure as `{error: {code, message}}`, an internal
 * failure as a 500 with an id and nothing else.
 */
export function createApp(
  context: ServerContext,
  log: (line: string) => void = console.error,
  webRoot = WEB_ROOT,
): OpenAPIHono {
  const app = new OpenAPIHono({
    defaultHook: (result, c) => {
      if (result.success) return;
      const issue = result.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      return problem(
        c,
        400,
        'bad_request',
        `${where}${issue?.message ?? 'the request is not valid'}`,
      );
    },
  });

  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => problem(c, 413, 'too_large', 'the request body is too large'),
  });
  app.use(loopbackHostsOnly(context));
  app.use('/api/*', limitBody);
  app.use('/mcp', limitBody);
  app.get('/healthz', (c) => c.json({ ok: true, version: VERSION }));
  searchRoutes(app, context);
  fetchRoutes(app, context);
  settingsRoutes(app, context);
  chatRoutes(app, context);
  sessionRoutes(app, context);
  mcpRoutes(app, context);
  proxyRoutes(app, context);
  app.doc31('/openapi.json', { openapi: '3.1.0', info: { title: 'lookout', version: VERSION } });
  // Last: the page answers the GETs no route above took.
  webUi(app, webRoot);

  app.notFound((c) =>
    problem(c, 404, 'not_found', `no route ${c.req.method} ${new URL(c.req.url).pathname}`),
  );
  app.onError((error, c) => {
    // Hono's own refusals (a body that is not JSON) are the client's: say why.
    if (error instanceof HTTPException && error.status < 500) {
      return problem(c, error.status, 'bad_request', error.message || 'the request is not valid');
    }
    const id = randomBytes(6).toString('hex');
    // The id ties the answer to this line; the stack stays here.
    log(
      `lookout: internal error ${id} on ${c.req.method} ${new URL(c.req.url).pathname}: ${error.stack ?? error.message}`,
    );
    return c.json({ error: { code: 'internal', message: 'internal error', id } }, 500);
  });
  return app;
}
