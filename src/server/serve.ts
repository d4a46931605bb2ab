import { serve } from '@hono/node-server';
import { fail, type Outcome, succeed } from '../failure.js';
import { providerKeys } from '../search/provider-keys.js';
import { RequestPacing } from '../search/request-pacing.js';
import { searchLimits } from '../search/search-limits.js';
import { createWebSearch } from '../search/web-search.js';
import { loadSettings } from '../settings/env.js';
import { ChatStore } from '../store/chats.js';
import { openDatabase } from '../store/database.js';
import { KeyStore } from '../store/secrets.js';
import { SettingsStore } from '../store/settings-store.js';
import { createApp } from './app.js';
import { tokensSet } from './auth.js';
import { isLoopbackName } from './host-check.js';
import { LiveSettings } from './live-settings.js';
import type { ServerContext } from './server-context.js';

/** How long in-flight requests get to finish after SIGTERM/SIGINT. */
const SHUTDOWN_GRACE_MS = 10_000;

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the HTTP API. Bound to anything but loopback it refuses to start
 * without an access token: the API reads pages for whoever can reach it.
 */
export async function startServer(
  env: NodeJS.ProcessEnv,
  log: (line: string) => void = console.error,
): Promise<Outcome<RunningServer>> {
  // Where and how to listen, and the tokens, come from the environment alone.
  const settings = loadSettings(env);
  if (!isLoopbackName(settings.host) && !tokensSet(settings)) {
    return fail(
      'bad_setting',
      `lookout serve listens on ${settings.host}, which is not loopback, and no access token is set: set LOOKOUT_ADMIN_TOKEN (and LOOKOUT_USER_TOKENS), or listen on 127.0.0.1`,
    );
  }
  const database = await openDatabase(settings.data_dir);
  const keyStore = new KeyStore(settings.data_dir);
  // Kept across rebuilds: a settings change must not reset a provider's pace.
  const keys = providerKeys({ file: keyStore, env });
  const pacing = new RequestPacing();
  const live = await LiveSettings.open(env, new SettingsStore(database), (current) =>
    createWebSearch({
      settings: current,
      keys,
      pacing,
      limits: searchLimits({
        perUser: current.search_limit_per_user,
        total: current.search_limit_total,
      }),
    }),
  );
  const context: ServerContext = {
    get settings() {
      return live.settings;
    },
    get search() {
      return live.search;
    },
    live,
    keys: keyStore,
    chats: new ChatStore(database),
    turns: new Set(),
    turnEnded: () => {
      if (context.turns?.size === 0) turnsEnded?.();
    },
  };
  let turnsEnded: (() => void) | undefined;
  const app = createApp(context, log);
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const started = serve({ fetch: app.fetch, hostname: settings.host, port: settings.port }, () =>
      resolve(started),
    );
    started.once('error', reject);
  }).catch((error: NodeJS.ErrnoException) => error);
  if (server instanceof Error) {
    database.close();
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
    close: async () => {
      // Running turns are cancelled first, so each stores what it produced before the database closes.
      const turns = context.turns ?? new Set();
      if (turns.size > 0) {
        const ended = new Promise<void>((resolve) => {
          turnsEnded = resolve;
        });
        for (const cancel of turns) cancel();
        await Promise.race([
          ended,
          new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS)),
        ]);
      }
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          if ('closeAllConnections' in server) server.closeAllConnections();
        }, SHUTDOWN_GRACE_MS);
        server.close(() => {
          clearTimeout(force);
          database.close();
          resolve();
        });
        if ('closeIdleConnections' in server) server.closeIdleConnections();
      });
    },
  });
}
