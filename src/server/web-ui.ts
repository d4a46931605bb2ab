import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';

/** Where `npm run build` puts the web UI: dist/web, reached alike from src/server and dist/server. */
export const WEB_ROOT = fileURLToPath(new URL('../../dist/web/', import.meta.url));

/**
 * The page runs only its own scripts and talks only to this server: a page
 * or a model cannot make it load an image from elsewhere (a way to carry a
 * chat out in the address) or run injected script.
 */
const PAGE_HEADERS = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
};

/** Paths of the API, the other doors and the page's files: never answered with the page. */
const NOT_THE_PAGE = /^\/(api|v1|mcp|assets|openapi\.json|healthz)(\/|$)/;

/**
 * Serves the built web UI at `/`: its files, and the page itself for every
 * other GET (the UI's own paths, such as /chats/…, /settings, /history).
 */
export function webUi(app: OpenAPIHono, root = WEB_ROOT): void {
  const indexFile = join(root, 'index.html');
  const built = existsSync(indexFile);
  // Read once: the page is small and changes only with a new build.
  const page = built ? readFileSync(indexFile, 'utf8') : '';

  const sendPage = (context: Context) => {
    context.header('Cache-Control', 'no-cache');
    for (const [name, value] of Object.entries(PAGE_HEADERS)) context.header(name, value);
    if (!built) {
      return context.text(
        'The lookout web UI is not built here: run "npm run build", then start lookout again. The API answers at /api.',
        503,
      );
    }
    return context.html(page);
  };

  if (built) {
    app.use(
      '/assets/*',
      serveStatic({
        root,
        // File names carry a hash of their content.
        onFound: (_path, context) => {
          context.header('Cache-Control', 'public, max-age=31536000, immutable');
          context.header('X-Content-Type-Options', 'nosniff');
        },
      }),
    );
    app.get('/favicon.svg', serveStatic({ root }));
  }
  app.get('*', async (context, next) => {
    if (NOT_THE_PAGE.test(context.req.path)) return next();
    return sendPage(context);
  });
}
