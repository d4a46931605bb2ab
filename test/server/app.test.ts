import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROVIDER_NAMES } from '../../src/search/provider-names.js';
import { createWebSearch, type WebSearch } from '../../src/search/web-search.js';
import { createApp } from '../../src/server/app.js';
import { startServer } from '../../src/server/serve.js';
import { defaultSettings, type Settings } from '../../src/settings/schema.js';
import { freshDataDir } from '../cli/run-cli.js';
import { type EngineFakes, startEngineFakes } from '../fakes/engines.js';
import { type SiteFake, send, startSite } from '../fakes/site-fake.js';

/** A response body, checked by the expectations that read it. */
// biome-ignore lint/suspicious/noExplicitAny: the tests assert the shape field by field
const json = async (response: Response | Promise<Response>): Promise<any> =>
  (await response).json();

describe('the HTTP API', () => {
  let fakes: EngineFakes;
  let site: SiteFake;
  let settings: Settings;
  let app: ReturnType<typeof createApp>;
  const logged: string[] = [];

  beforeAll(async () => {
    [fakes, site] = await Promise.all([
      startEngineFakes(),
      startSite({
        '/notes.txt': send('text/plain', 'plain notes'),
        '/gone': send('text/plain', 'no', 404),
      }),
    ]);
    settings = fakes.settings({ allowed_hosts: [`127.0.0.1:${site.port}`] });
    app = createApp({ settings, search: createWebSearch({ settings }) }, (line) =>
      logged.push(line),
    );
  });
  afterAll(async () => {
    await Promise.all([fakes.close(), site.close()]);
  });
  beforeEach(() => fakes.reset());

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('answers /healthz and serves its OpenAPI document', async () => {
    expect(await json(app.request('/healthz'))).toEqual({
      ok: true,
      version: expect.any(String),
    });
    const document = await json(app.request('/openapi.json'));
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/search',
        '/api/providers',
        '/api/providers/test',
        '/api/fetch',
        '/v1/chat/completions',
        '/v1/models',
        '/mcp',
      ]),
    );
    expect(document.components.schemas.SearchResult.required).toEqual(
      expect.arrayContaining([
        'query',
        'answer',
        'sources',
        'provider',
        'host',
        'attempts',
        'cached',
        'ms',
      ]),
    );
  });

  it('searches, in the one result shape', async () => {
    const response = await post('/api/search', {
      query: 'tokio',
      max_results: 2,
      freshness: 'week',
    });
    expect(response.status).toBe(200);
    const result = await json(response);
    expect(result).toMatchObject({ query: 'tokio', provider: 'duckduckgo', cached: false });
    expect(result.sources).toHaveLength(2);
    expect(fakes.duckduckgo.requests[0]?.params.get('df')).toBe('w');
  });

  it.each([
    [{}, /query/],
    [{ query: 'x', max_results: 11 }, /max_results/],
    [{ query: 'x', freshness: 'hour' }, /freshness/],
    [{ query: 'x', surprise: true }, /surprise|Unrecognized/i],
    ['{not json', /JSON/i],
  ])('refuses a bad search body %j with 400 and the reason', async (body, message) => {
    const response = await post('/api/search', body);
    expect(response.status).toBe(400);
    const problem = await json(response);
    expect(problem).toEqual({
      error: { code: 'bad_request', message: expect.stringMatching(message) },
    });
  });

  it('says bad_query for a query too long once cleaned, and unknown_provider', async () => {
    expect((await json(post('/api/search', { query: 'a'.repeat(401) }))).error.code).toBe(
      'bad_query',
    );
    const unknown = await post('/api/search', { query: 'x', provider: 'google' });
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).error.code).toBe('unknown_provider');
  });

  it('answers 502 with every attempt when no provider works', async () => {
    for (const fake of fakes.all) fake.mode = 'forbidden';
    const response = await post('/api/search', { query: 'blocked everywhere' });
    expect(response.status).toBe(502);
    const problem = await json(response);
    expect(problem.error.code).toBe('no_provider_works');
    expect(problem.error.attempts.map((attempt: { provider: string }) => attempt.provider)).toEqual(
      ['duckduckgo', 'brave_html', 'bing_html', 'keenable'],
    );
    expect(problem.error.attempts.map((attempt: { outcome: string }) => attempt.outcome)).toEqual([
      'blocked',
      'blocked',
      'blocked',
      'blocked',
    ]);
  });

  it('asks one provider directly with /api/search/query, never from the cache', async () => {
    for (let round = 0; round < 2; round++) {
      const response = await post('/api/search/query', { query: 'direct', provider: 'bing_html' });
      expect(response.status).toBe(200);
      expect(await json(response)).toMatchObject({ provider: 'bing_html', cached: false });
    }
    expect(fakes.bing.requests).toHaveLength(2);
    expect(fakes.duckduckgo.requests).toHaveLength(0);
    expect((await post('/api/search/query', { query: 'no provider' })).status).toBe(400);
    const providers = await json(app.request('/api/search/providers'));
    expect(
      providers.find((provider: { name: string }) => provider.name === 'duckduckgo'),
    ).toMatchObject({ name: 'duckduckgo', on: true, setUp: true });
  });

  it('lists the providers and tests them, as the CLI does', async () => {
    const providers = await json(app.request('/api/providers'));
    expect(providers.map((provider: { name: string }) => provider.name)).toEqual([
      ...PROVIDER_NAMES,
    ]);
    const tested = await json(post('/api/providers/test', { query: 'tokio' }));
    const outcomes = Object.fromEntries(
      tested.providers.map((row: { provider: string; outcome: string }) => [
        row.provider,
        row.outcome,
      ]),
    );
    expect(outcomes).toMatchObject({
      searxng: 'no_key',
      brave_api: 'no_key',
      duckduckgo: 'ok',
      brave_html: 'ok',
      bing_html: 'ok',
      keenable: 'ok',
    });
    expect(tested.provider).toBe('duckduckgo');
  });

  it('reads a page, refuses a blocked address and reports a failed page', async () => {
    const page = await post('/api/fetch', { url: `${site.url}/notes.txt` });
    expect(page.status).toBe(200);
    expect(await json(page)).toMatchObject({
      content: 'plain notes',
      format: 'text',
      host: `127.0.0.1:${site.port}`,
    });
    const blocked = await post('/api/fetch', { url: 'http://169.254.169.254/latest/meta-data/' });
    expect(blocked.status).toBe(403);
    expect((await json(blocked)).error.code).toBe('blocked_address');
    const gone = await post('/api/fetch', { url: `${site.url}/gone` });
    expect(gone.status).toBe(502);
    expect((await json(gone)).error).toMatchObject({ code: 'http_status', status: 404 });
  });

  it('answers unknown routes and oversized bodies with the error shape', async () => {
    const missing = await app.request('/api/nothing');
    expect(missing.status).toBe(404);
    expect((await json(missing)).error.code).toBe('not_found');
    const large = await post('/api/search', { query: 'x'.repeat(70_000) });
    expect(large.status).toBe(413);
  });

  it('answers an internal failure with 500 and an id, and logs the rest', async () => {
    const broken = {
      ...createWebSearch({ settings }),
      search: () => Promise.reject(new Error('secret detail')),
    } as WebSearch;
    const brokenApp = createApp({ settings, search: broken }, (line) => logged.push(line));
    const response = await brokenApp.request('/api/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'x' }),
    });
    expect(response.status).toBe(500);
    const body = await json(response);
    expect(body).toEqual({
      error: {
        code: 'internal',
        message: 'internal error',
        id: expect.stringMatching(/^[0-9a-f]{12}$/),
      },
    });
    expect(JSON.stringify(body)).not.toContain('secret detail');
    expect(logged.at(-1)).toContain(body.error.id);
  });
});

describe('tokens', () => {
  const withTokens = {
    ...defaultSettings(),
    admin_token: 'admin-token-0123456789',
    user_tokens: ['user-token-0123456789'],
  };
  const app = createApp({
    settings: withTokens,
    search: createWebSearch({ settings: withTokens }),
  });
  const get = (path: string, token?: string) =>
    app.request(path, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  const test = (token: string) =>
    app.request('/api/providers/test', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });

  it('needs a token when tokens are set: 401 without or with a wrong one', async () => {
    const none = await get('/api/providers');
    expect(none.status).toBe(401);
    expect(await json(none)).toEqual({
      error: { code: 'unauthorized', message: 'a bearer token is required' },
    });
    expect((await get('/api/providers', 'wrong-token-0123456789')).status).toBe(401);
    expect((await get('/healthz')).status).toBe(200);
  });

  it('lets a user token search but not test providers; the admin token does both', async () => {
    expect((await get('/api/providers', 'user-token-0123456789')).status).toBe(200);
    const user = await test('user-token-0123456789');
    expect(user.status).toBe(403);
    expect((await json(user)).error.code).toBe('forbidden');
    expect((await test('admin-token-0123456789')).status).toBe(400);
  });

  it('refuses to listen beyond loopback without a token', async () => {
    const started = await startServer({
      LOOKOUT_HOST: '0.0.0.0',
      LOOKOUT_PORT: '0',
      LOOKOUT_DATA_DIR: freshDataDir(),
    });
    expect(started).toMatchObject({
      ok: false,
      failure: { code: 'bad_setting', message: expect.stringMatching(/LOOKOUT_ADMIN_TOKEN/) },
    });
  });

  it('listens on loopback and stops cleanly', async () => {
    const started = await startServer(
      { LOOKOUT_PORT: '0', LOOKOUT_DATA_DIR: freshDataDir() },
      () => {},
    );
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    const health = await fetch(`${started.value.url}/healthz`);
    expect(health.status).toBe(200);
    await started.value.close();
    await expect(fetch(`${started.value.url}/healthz`)).rejects.toThrow();
  });
});
