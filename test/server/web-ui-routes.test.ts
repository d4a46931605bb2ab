import { mkdtempSync, readFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebSearch } from '../../src/search/web-search.js';
import { createApp } from '../../src/server/app.js';
import { isLoopbackHost } from '../../src/server/host-check.js';
import { type RunningServer, startServer } from '../../src/server/serve.js';
import { WEB_ROOT } from '../../src/server/web-ui.js';
import { defaultSettings } from '../../src/settings/schema.js';
import { freshDataDir } from '../cli/run-cli.js';
import { type ModelServer, startModelServer } from '../fakes/model-server.js';

/** A GET with the Host header given (fetch will not send one of its own choosing). */
const getAs = (base: string, host: string, path: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    httpGet(`${base}${path}`, { headers: { ...headers, host } }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    }).on('error', reject);
  });

/** The page at `/`, what the UI asks first (session, model server, keys), and the Host check. */
describe('the web UI routes', () => {
  let server: RunningServer;
  let model: ModelServer;

  beforeAll(async () => {
    model = await startModelServer({ model: 'qwen3.5-9b' });
    const started = await startServer(
      { LOOKOUT_PORT: '0', LOOKOUT_DATA_DIR: freshDataDir(), LOOKOUT_UPSTREAM: model.url },
      () => {},
    );
    if (!started.ok) throw new Error(started.failure.message);
    server = started.value;
  });
  afterAll(async () => {
    await server.close();
    await model.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { headers });

  it('serves the built page at / and at every path of the UI, with a strict content policy', async () => {
    const page = readFileSync(join(WEB_ROOT, 'index.html'), 'utf8');
    for (const path of ['/', '/chats/abc123', '/settings', '/history']) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("img-src 'self' data:");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(await response.text()).toBe(page);
    }
  });

  it('serves the hashed assets for a year, and leaves API paths to the API', async () => {
    const page = await (await get('/')).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(page)?.[1] ?? '';
    expect(script).not.toBe('');
    const asset = await get(script);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await get('/assets/missing.js')).status).toBe(404);

    const unknown = await get('/api/nothing-here');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'not_found' } });
    expect((await get('/openapi.json')).headers.get('content-type')).toMatch(/json/);
  });

  it('says how to build the page when it is not built', async () => {
    const app = createApp(
      { settings: defaultSettings(), search: createWebSearch({ settings: defaultSettings() }) },
      () => {},
      mkdtempSync(join(tmpdir(), 'lookout-no-web-')),
    );
    const response = await app.request('/');
    expect(response.status).toBe(503);
    expect(await response.text()).toMatch(/npm run build/);
  });

  it('tells the page its role and the model server chats will use', async () => {
    expect(await (await get('/api/session')).json()).toMatchObject({
      role: 'admin',
      tokens: false,
    });
    expect(await (await get('/api/model-server')).json()).toEqual({
      found: true,
      baseUrl: model.url,
      model: 'qwen3.5-9b',
    });
  });

  it('lists the keys that are set by name, never their value', async () => {
    const put = await fetch(`${server.url}/api/keys/upstream`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: 'sk-listed-never-shown' }),
    });
    expect(put.status).toBe(200);
    const listed = await (await get('/api/keys')).text();
    expect(JSON.parse(listed)).toEqual([{ name: 'upstream', set: true }]);
    expect(listed).not.toContain('sk-listed');
    // The saved key goes to the model server with the next request.
    await get('/api/model-server');
    await fetch(`${server.url}/api/keys/upstream`, { method: 'DELETE' });
  });

  it('answers only to loopback names without tokens (no DNS rebinding)', async () => {
    for (const host of [
      'evil.example',
      'evil.example:3939',
      '10.0.0.5:80',
      'localhost.evil.example',
    ]) {
      const response = await getAs(server.url, host, '/api/session');
      expect(response.status, host).toBe(403);
      expect(JSON.parse(response.body)).toMatchObject({ error: { code: 'forbidden_host' } });
      expect((await getAs(server.url, host, '/')).status, host).toBe(403);
    }
    for (const host of [
      '127.0.0.1',
      'localhost:3939',
      '[::1]:3939',
      'app.localhost',
      '127.1.2.3',
    ]) {
      expect((await getAs(server.url, host, '/api/session')).status, host).toBe(200);
    }
  });

  it('reads Host headers as names and addresses', () => {
    expect(isLoopbackHost('LOCALHOST:80')).toBe(true);
    expect(isLoopbackHost('localhost.')).toBe(true);
    expect(isLoopbackHost('[::ffff:127.0.0.1]:1')).toBe(true);
    expect(isLoopbackHost('localhost.evil.example')).toBe(false);
    expect(isLoopbackHost('127.0.0.1.nip.io')).toBe(false);
    expect(isLoopbackHost('[::2]')).toBe(false);
  });
});

describe('the web UI routes with tokens', () => {
  let server: RunningServer;
  beforeAll(async () => {
    const started = await startServer(
      {
        LOOKOUT_PORT: '0',
        LOOKOUT_DATA_DIR: freshDataDir(),
        LOOKOUT_ADMIN_TOKEN: 'admin-token-0123456789',
        LOOKOUT_USER_TOKENS: 'user-token-0123456789',
        LOOKOUT_UPSTREAM: 'http://127.0.0.1:9/v1',
      },
      () => {},
    );
    if (!started.ok) throw new Error(started.failure.message);
    server = started.value;
  });
  afterAll(() => server.close());

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { headers });

  it('serves the page to anyone (it holds nothing) and asks for a token for the rest', async () => {
    expect((await get('/')).status).toBe(200);
    expect((await get('/api/session')).status).toBe(401);
    expect(
      await (await get('/api/session', { authorization: 'Bearer user-token-0123456789' })).json(),
    ).toMatchObject({ role: 'user', tokens: true });
    expect((await get('/api/keys', { authorization: 'Bearer user-token-0123456789' })).status).toBe(
      403,
    );
  });

  it('accepts any Host name, since the token is the check', async () => {
    const response = await getAs(server.url, 'lookout.example.org', '/api/session', {
      authorization: 'Bearer admin-token-0123456789',
    });
    expect(response.status).toBe(200);
  });

  it('says why no model server was found', async () => {
    const found = await (
      await get('/api/model-server', { authorization: 'Bearer user-token-0123456789' })
    ).json();
    expect(found).toMatchObject({ found: false, message: expect.stringMatching(/127\.0\.0\.1:9/) });
  });
});

describe('what the Settings page learns of provider keys', () => {
  let server: RunningServer;
  beforeAll(async () => {
    const started = await startServer(
      { LOOKOUT_PORT: '0', LOOKOUT_DATA_DIR: freshDataDir(), BRAVE_API_KEY: 'brave-from-env-123' },
      () => {},
    );
    if (!started.ok) throw new Error(started.failure.message);
    server = started.value;
  });
  afterAll(() => server.close());

  const brave = async () => {
    const body = await (await fetch(`${server.url}/api/providers`)).text();
    expect(body).not.toContain('brave-from-env');
    expect(body).not.toContain('brave-from-file');
    return (JSON.parse(body) as { name: string }[]).find((row) => row.name === 'brave_api');
  };

  it('says where the key in use comes from, never the key', async () => {
    expect(await brave()).toMatchObject({ takesKey: true, setUp: true, keyFrom: 'BRAVE_API_KEY' });
    await fetch(`${server.url}/api/keys/brave_api`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: 'brave-from-file-456' }),
    });
    expect(await brave()).toMatchObject({ setUp: true, keyFrom: 'the key file' });
    const duckduckgo = (
      (await (await fetch(`${server.url}/api/providers`)).json()) as {
        name: string;
        takesKey: boolean;
        keyFrom?: string;
      }[]
    ).find((row) => row.name === 'duckduckgo');
    expect(duckduckgo).toMatchObject({ takesKey: false });
    expect(duckduckgo?.keyFrom).toBeUndefined();
  });
});
