/**
 * The HTTP API's own cost: a cached search through the library, through
 * Hono's `app.request()` (validation, auth, JSON), and over a real loopback
 * HTTP connection to `lookout serve`'s app.
 */
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, bench, describe } from 'vitest';
import { createWebSearch, type WebSearch } from '../src/search/web-search.js';
import { createApp } from '../src/server/app.js';
import { type EngineFakes, startEngineFakes } from '../test/fakes/engines.js';

let fakes: EngineFakes;
let search: WebSearch;
let app: ReturnType<typeof createApp>;
let server: ReturnType<typeof serve>;
let base = '';
const body = JSON.stringify({ query: 'cached query' });
const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body };

beforeAll(async () => {
  fakes = await startEngineFakes();
  const settings = fakes.settings();
  search = createWebSearch({ settings });
  app = createApp({ settings, search });
  await search.search({ query: 'cached query' });
  server = await new Promise((resolve) => {
    const started = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () =>
      resolve(started),
    );
  });
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  server.close();
  await fakes.close();
});

describe('a cached search', () => {
  bench('library: createWebSearch().search()', async () => {
    await search.search({ query: 'cached query' });
  });
  bench('API in process: app.request(POST /api/search)', async () => {
    await (await app.request('/api/search', init)).json();
  });
  bench('API over loopback HTTP: fetch(POST /api/search)', async () => {
    await (await fetch(`${base}/api/search`, init)).json();
  });
});
