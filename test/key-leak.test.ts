import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../src/server/serve.js';
import { KeyStore } from '../src/store/secrets.js';
import { type CliRun, freshDataDir, runBin } from './cli/run-cli.js';
import { type EngineFakes, KEYED_APIS, type KeyedApi, startEngineFakes } from './fakes/engines.js';
import { type FakeServer, startFake } from './fakes/http-fake.js';

/** A key no fake would invent: any text that holds one leaked it. */
const canary = (name: string) => `canary-${name}-${randomBytes(8).toString('hex')}`;
const NAMES = Object.keys(KEYED_APIS) as KeyedApi[];
/** The keys the fakes take, and wrong ones, which the fakes refuse (a refused key must not leak either). */
const KEYS = Object.fromEntries(NAMES.map((name) => [name, canary(name)])) as Record<
  KeyedApi,
  string
>;
const WRONG = Object.fromEntries(NAMES.map((name) => [name, canary(`wrong-${name}`)])) as Record<
  KeyedApi,
  string
>;
const ALL_KEYS = [...Object.values(KEYS), ...Object.values(WRONG)];

/**
 * Google's key travels through the key file (and so needs no GOOGLE_API_KEY,
 * which other providers may read too); every other key through its variable.
 */
const keyEnv = (keys: Record<KeyedApi, string>): Record<string, string> =>
  Object.fromEntries(
    NAMES.filter((name) => name !== 'google_pse').map((name) => [KEYED_APIS[name].env, keys[name]]),
  );

const leaks = (text: string): string[] => ALL_KEYS.filter((key) => text.includes(key));

/**
 * Searches with every keyed provider's key set, through the CLI and the
 * server, succeeding and failing (a refused key, a server error, a redirect
 * to another host): no output, response, log line or error holds a key.
 */
describe('keys never leak', () => {
  let fakes: EngineFakes;
  /** Where the fakes redirect to: another host, which must never be reached. */
  let elsewhere: FakeServer;
  beforeAll(async () => {
    [fakes, elsewhere] = await Promise.all([
      startEngineFakes(KEYS),
      startFake((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([fakes.close(), elsewhere.close()]);
  });
  beforeEach(() => {
    fakes.reset();
    for (const fake of fakes.all) fake.redirectTo = `${elsewhere.url}/collect`;
  });

  const dataDirWith = (googleKey: string): string => {
    const dataDir = freshDataDir();
    new KeyStore(dataDir).set('google_pse', googleKey);
    return dataDir;
  };

  describe('from the command line', () => {
    const run = (args: string[], keys: Record<KeyedApi, string>): Promise<CliRun> =>
      runBin(args, {
        ...fakes.env(),
        ...keyEnv(keys),
        LOOKOUT_DATA_DIR: dataDirWith(keys.google_pse),
      });

    it.each([
      ['a search that answers', ['search', 'rust', '--json'], KEYS, 0],
      ['every key refused', ['search', 'rust fake-bad_key', '--json'], KEYS, 0],
      ['wrong keys', ['search', 'rust', '--json'], WRONG, 0],
      ['every provider failing', ['search', 'rust fake-server_error', '--json'], KEYS, 3],
      ['redirects to another host', ['search', 'rust fake-redirect'], KEYS, 3],
      ['the provider test', ['providers', 'test', 'rust', '--json'], KEYS, 0],
      ['the provider test, wrong keys', ['providers', 'test', 'rust'], WRONG, 0],
      ['the provider list', ['providers', '--json'], KEYS, 0],
    ] as const)('%s', async (_, args, keys, code) => {
      const result = await run([...args], keys);
      expect(result.code).toBe(code);
      expect(leaks(result.stdout + result.stderr)).toEqual([]);
      expect(elsewhere.requests).toEqual([]);
    });

    it('asks every keyed provider with its key on the way (the runs above reach them)', async () => {
      const result = await run(['providers', 'test', 'rust fake-bad_key', '--json'], KEYS);
      const rows = JSON.parse(result.stdout).providers as { provider: string; reason?: string }[];
      for (const name of NAMES.filter((name) => name !== 'keenable')) {
        expect(rows.find((row) => row.provider === name)?.reason).toMatch(/^refused the key/);
      }
      expect(rows.find((row) => row.provider === 'google_pse')?.reason).toMatch(
        /key from the key file$/,
      );
      expect(leaks(result.stdout + result.stderr)).toEqual([]);
    });
  });

  describe('from the server', () => {
    let server: RunningServer;
    const logged: string[] = [];
    const bodies: string[] = [];
    const admin = { authorization: 'Bearer admin-token-for-the-leak-test' };

    beforeAll(async () => {
      const started = await startServer(
        {
          ...fakes.env(),
          ...keyEnv(KEYS),
          LOOKOUT_PORT: '0',
          LOOKOUT_DATA_DIR: freshDataDir(),
          LOOKOUT_ADMIN_TOKEN: admin.authorization.slice(7),
        },
        (line) => logged.push(line),
      );
      if (!started.ok) throw new Error(started.failure.message);
      server = started.value;
    });
    afterAll(() => server.close());

    const call = async (method: string, path: string, body?: unknown): Promise<number> => {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...admin },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      bodies.push(await response.text());
      return response.status;
    };

    it('saves a key through the API and shows it back nowhere', async () => {
      expect(await call('PUT', '/api/keys/google_pse', { key: KEYS.google_pse })).toBe(200);
      expect(await call('GET', '/api/keys')).toBe(200);
    });

    it.each([
      ['POST', '/api/search', { query: 'rust' }, 200],
      ['POST', '/api/search', { query: 'rust fake-bad_key' }, 200],
      ['POST', '/api/search', { query: 'rust fake-server_error' }, 502],
      ['POST', '/api/search', { query: 'rust fake-redirect' }, 502],
      ...NAMES.map(
        (provider) =>
          ['POST', '/api/search/query', { query: 'rust fake-bad_key', provider }, 502] as const,
      ),
      ['GET', '/api/providers', undefined, 200],
      ['GET', '/api/search/providers', undefined, 200],
      ['POST', '/api/providers/test', { query: 'rust' }, 200],
      ['POST', '/api/providers/test', { query: 'rust fake-bad_key' }, 200],
      ['GET', '/api/settings', undefined, 200],
      ['GET', '/api/search/config', undefined, 200],
    ] as const)('%s %s %j', async (method, path, body, status) => {
      expect(await call(method, path, body)).toBe(status);
      expect(elsewhere.requests).toEqual([]);
    });

    it('holds no key in any response body or log line', () => {
      expect(bodies.length).toBeGreaterThan(10);
      expect(leaks(bodies.join('\n'))).toEqual([]);
      expect(leaks(logged.join('\n'))).toEqual([]);
      // The refused keys were there to leak: the bodies name where each came from.
      expect(bodies.join('\n')).toContain('refused the key');
      expect(bodies.join('\n')).toContain('key from the key file');
    });
  });
});
