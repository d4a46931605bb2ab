import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/server/serve.js';
import { freshDataDir } from '../cli/run-cli.js';

/** The settings, order and key routes of a real server, with its store on disk. */
describe('settings, provider order and keys over the API', () => {
  let server: RunningServer;
  let dataDir: string;
  const logged: string[] = [];
  const admin = { authorization: 'Bearer admin-token-0123456789' };
  const user = { authorization: 'Bearer user-token-0123456789' };

  beforeAll(async () => {
    dataDir = freshDataDir();
    const started = await startServer(
      {
        LOOKOUT_PORT: '0',
        LOOKOUT_DATA_DIR: dataDir,
        LOOKOUT_ADMIN_TOKEN: 'admin-token-0123456789',
        LOOKOUT_USER_TOKENS: 'user-token-0123456789',
        LOOKOUT_SAFESEARCH: 'strict',
      },
      (line) => logged.push(line),
    );
    if (!started.ok) throw new Error(started.failure.message);
    server = started.value;
  });
  afterAll(() => server.close());

  const call = async (
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return {
      status: response.status,
      body: (await response.json()) as never as Record<string, unknown> & unknown[],
    };
  };
  const setting = (list: unknown, name: string) =>
    (list as { name: string }[]).find((entry) => entry.name === name);

  it('shows each setting with its source, and secrets only as set or not', async () => {
    const { status, body } = await call('GET', '/api/settings', user);
    expect(status).toBe(200);
    expect(setting(body, 'safesearch')).toMatchObject({
      value: 'strict',
      source: 'environment',
      env: 'LOOKOUT_SAFESEARCH',
    });
    expect(setting(body, 'snippet_chars')).toMatchObject({ value: 300, source: 'default' });
    expect(setting(body, 'admin_token')).toEqual(expect.objectContaining({ set: true }));
    expect(JSON.stringify(body)).not.toContain('admin-token-0123456789');
    expect(JSON.stringify(body)).not.toContain('user-token-0123456789');
  });

  it('saves settings (admin only), all or none, and refuses secrets', async () => {
    expect((await call('PATCH', '/api/settings', user, { snippet_chars: 120 })).status).toBe(403);
    const saved = await call('PATCH', '/api/settings', admin, {
      snippet_chars: 120,
      language: 'de-DE',
    });
    expect(saved.status).toBe(200);
    expect(setting(saved.body, 'snippet_chars')).toMatchObject({ value: 120, source: 'saved' });
    const bad = await call('PATCH', '/api/settings', admin, { snippet_chars: 5, language: 'fr' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      error: { code: 'bad_setting', message: expect.stringMatching(/snippet_chars/) },
    });
    expect(setting((await call('GET', '/api/settings', user)).body, 'language')).toMatchObject({
      value: 'de-DE',
    });
    const secret = await call('PATCH', '/api/settings', admin, { upstream_key: 'sk-123' });
    expect(secret.body).toMatchObject({
      error: { code: 'bad_setting', message: expect.stringMatching(/secret/) },
    });
    const reset = await call('PATCH', '/api/settings', admin, { snippet_chars: null });
    expect(setting(reset.body, 'snippet_chars')).toMatchObject({ value: 300, source: 'default' });
  });

  it('moves providers and turns them off; a move past the end changes nothing', async () => {
    const names = (body: unknown) => (body as { name: string }[]).map((row) => row.name);
    const down = await call('POST', '/api/providers/duckduckgo', admin, { change: 'down' });
    expect(down.status).toBe(200);
    expect(names(down.body)[0]).toBe('searxng');
    expect(names(down.body).join(',')).toContain('google_pse,brave_html,duckduckgo,bing_html');
    const top = await call('POST', '/api/providers/searxng', admin, { change: 'up' });
    expect(names(top.body)).toEqual(names(down.body));
    const off = await call('POST', '/api/providers/bing_html', admin, { change: 'toggle' });
    expect((off.body as { name: string; on: boolean }[]).at(-1)).toMatchObject({
      name: 'bing_html',
      on: false,
    });
    expect((await call('POST', '/api/providers/google', admin, { change: 'up' })).status).toBe(400);
    expect((await call('POST', '/api/providers/bing_html', user, { change: 'up' })).status).toBe(
      403,
    );
  });

  it('loses no update when many changes arrive at once', async () => {
    await Promise.all(
      Array.from({ length: 13 }, () =>
        call('POST', '/api/providers/brave_html', admin, { change: 'toggle' }),
      ),
    );
    const providers = (await call('GET', '/api/providers', user)).body as {
      name: string;
      on: boolean;
    }[];
    expect(providers.find((row) => row.name === 'brave_html')?.on).toBe(false);
  });

  it('saves a key without ever showing it, in a file of its own', async () => {
    const saved = await call('PUT', '/api/keys/brave_api', admin, { key: 'BSA-secret-key-value' });
    expect(saved).toEqual({ status: 200, body: { name: 'brave_api', set: true } });
    expect((await call('PUT', '/api/keys/brave_api', user, { key: 'x' })).status).toBe(403);
    const everything = JSON.stringify([
      (await call('GET', '/api/settings', admin)).body,
      (await call('GET', '/api/providers', admin)).body,
    ]);
    expect(everything).not.toContain('BSA-secret-key-value');
    expect(readFileSync(join(dataDir, 'lookout.db')).includes('BSA-secret-key-value')).toBe(false);
    expect(readFileSync(join(dataDir, 'keys.json'), 'utf8')).toContain('BSA-secret-key-value');
    expect(logged.join('\n')).not.toContain('BSA-secret-key-value');
    const config = await call('GET', '/api/search/config', user);
    expect(config.body).toMatchObject({
      settings: { safesearch: 'strict' },
      keys: [{ name: 'brave_api', set: true }],
    });
    expect(JSON.stringify(config.body)).not.toContain('BSA-secret-key-value');
    expect((await call('DELETE', '/api/keys/brave_api', admin)).body).toEqual({
      name: 'brave_api',
      set: false,
    });
    expect((await call('DELETE', '/api/keys/brave_api', admin)).status).toBe(404);
  });
});
