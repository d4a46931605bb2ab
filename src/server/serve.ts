import { isIP } from 'node:net';
import { serve } from '@hono/node-server';
import { fail, type Outcome, succeed } from '../failure.js';
import { searchLimits } from '../search/search-limits.js';
import { createWebSearch } from '../search/web-search.js';
import type { Settings } from '../settings/schema.js';
import { createApp } from './app.js';

/** How long in-flight requests get to finish after SIGTERM/SIGINT. */
const SHUTDOWN_GRACE_MS = 10_000;

const isLoopback = (host: string): boolean =>
  host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the HTTP API. Bound to anything but loopback it refuses to start
 * without an access token: the API reads pages for whoever can reach it.
 */
export async function startServer(
  settings: Readonly<Settings>,
  log: (line: string) => void = console.error,
): Promise<Outcome<RunningServer>> {
  const tokens = settings.admin_token !== '' || settings.user_tokens.length > 0;
  if (!isLoopback(settings.host) && !tokens) {
    return fail(
      'bad_setting',
      `lookout serve listens on ${settings.host}, which is not loopback, and no access token is set: set LOOKOUT_ADMIN_TOKEN (and LOOKOUT_USER_TOKENS), or listen on 127.0.0.1`,
    );
  }
  const limits = searchLimits({
    perUser: settings.search_limit_per_user,
    total: settings.search_limit_total,
  });
  const app = createApp({ settings, search: createWebSearch({ settings, limits }) }, log);
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const started = serve({ fetch: app.fetch, hostname: settings.host, port: settings.port }, () =>
      resolve(started),
    );
    started.once('error', reject);
  }).catch((error: NodeJS.ErrnoException) => error);
  if (server instanceof Error) {
    return fail(
      'bad_setting',
      `could not listen on ${settings.host}:${settings.port} (${server.code ?? server.message})`,
    );
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  return succeed({
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          if ('closeAllConnections' in server) server.closeAllConnections();
        }, SHUTDOWN_GRACE_MS);
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        if ('closeIdleConnections' in server) server.closeIdleConnections();
      }),
  });
}
