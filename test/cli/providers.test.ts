import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROVIDER_NAMES } from '../../src/search/provider-names.js';
import { KeyStore } from '../../src/store/secrets.js';
import { type EngineFakes, KEYED_APIS, startEngineFakes } from '../fakes/engines.js';
import { freshDataDir, runCli } from './run-cli.js';

const KEYED = Object.keys(KEYED_APIS).filter((name) => name !== 'keenable');

/** The rows of a `providers test` table by provider name. */
const rowsOf = (stdout: string): Map<string, string> =>
  new Map(
    stdout
      .split('\n\n')[0]
      ?.split('\n')
      .slice(1)
      .map((line) => [line.split(/\s+/)[0] as string, line]),
  );

describe('lookout providers', () => {
  let fakes: EngineFakes;
  beforeAll(async () => {
    fakes = await startEngineFakes();
  });
  afterAll(() => fakes.close());
  beforeEach(() => fakes.reset());

  it('lists each provider in order: on or off, what it needs, its state', async () => {
    const run = await runCli(['providers'], { ...fakes.env(), LOOKOUT_PROVIDERS_OFF: 'bing_html' });
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^provider +label +host +needs +state$/);
    expect(lines[1]).toMatch(
      /^searxng +SearXNG +- +the address of a SearXNG instance \(LOOKOUT_SEARXNG_URL\) +not set up$/,
    );
    expect(lines[2]).toMatch(
      /^brave_api +Brave Search API +127\.0\.0\.1:\d+ +an API key \(BRAVE_API_KEY or "brave_api" in the key file\) +not set up$/,
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^duckduckgo +DuckDuckGo +127\.0\.0\.1:\d+ +nothing +ready$/),
    );
    expect(lines.at(-1)).toMatch(/^bing_html +Bing .* off$/);
  });

  it('lists them as JSON', async () => {
    const run = await runCli(['providers', '--json'], {
      ...fakes.env(true),
      LOOKOUT_PROVIDERS: 'brave_html',
    });
    const rows = JSON.parse(run.stdout);
    expect(rows.map((row: { name: string }) => row.name)).toEqual([
      'brave_html',
      ...PROVIDER_NAMES.filter((name) => name !== 'brave_html'),
    ]);
    expect(rows[1]).toMatchObject({ name: 'searxng', on: true, ready: true });
    expect(rows[2]).toMatchObject({ name: 'brave_api', takesKey: true, setUp: false });
  });

  it('tests every provider and prints a row each, then the first answer', async () => {
    fakes.duckduckgo.mode = 'challenge';
    fakes.brave.mode = 'too_many';
    fakes.bing.mode = 'slow';
    const run = await runCli(['providers', 'test', 'tokio'], fakes.env(true));
    expect(run.code).toBe(0);
    const rows = rowsOf(run.stdout);
    expect(rows.get('searxng')).toMatch(/^searxng +127\.0\.0\.1:\d+ +ok +5 +\d+ ms$/);
    expect(rows.get('duckduckgo')).toMatch(
      /^duckduckgo +127\.0\.0\.1:\d+ +challenged +0 +\d+ ms +challenged by a bot check$/,
    );
    expect(rows.get('brave_html')).toMatch(
      /^brave_html .* blocked +0 +\d+ ms +blocked this server \(429 Too Many Requests\)$/,
    );
    expect(rows.get('bing_html')).toMatch(/^bing_html .* ok +5 /);
    expect(run.stdout).toContain('First answer, from');
    expect(run.stdout).toContain('(searxng)');
  }, 15_000);

  it('exits 3 when no provider answers, still printing every row', async () => {
    for (const fake of fakes.all) fake.mode = 'server_error';
    const run = await runCli(['providers', 'test', 'tokio', '--json'], fakes.env(true));
    expect(run.code).toBe(3);
    const report = JSON.parse(run.stdout);
    expect(report.ok).toBe(false);
    const outcomes = Object.fromEntries(
      report.providers.map((row: { provider: string; outcome: string }) => [
        row.provider,
        row.outcome,
      ]),
    );
    expect(outcomes).toMatchObject({
      searxng: 'error',
      brave_api: 'no_key',
      duckduckgo: 'error',
      brave_html: 'error',
      bing_html: 'error',
      keenable: 'error',
    });
    expect(report.providers).toHaveLength(PROVIDER_NAMES.length);
  });

  it('tests every provider: keyed ones no_key without their keys, ok with them', async () => {
    const without = rowsOf((await runCli(['providers', 'test', 'rust'], fakes.env())).stdout);
    const withKeys = rowsOf(
      (await runCli(['providers', 'test', 'rust'], { ...fakes.env(), ...fakes.keyEnv() })).stdout,
    );
    expect([...without.keys()]).toEqual([...PROVIDER_NAMES]);
    expect([...withKeys.keys()]).toEqual([...PROVIDER_NAMES]);
    for (const name of KEYED) {
      expect(without.get(name)).toMatch(
        new RegExp(`^${name} .* no_key +0 +0 ms +needs an API key`),
      );
      expect(withKeys.get(name)).toMatch(new RegExp(`^${name} +127\\.0\\.0\\.1:\\d+ +ok +5 `));
    }
    // Keenable searches without a key too: on its keyless endpoint, then on its keyed one.
    expect(without.get('keenable')).toMatch(/ ok +5 /);
    expect(withKeys.get('keenable')).toMatch(/ ok +5 /);
    expect(fakes.apis.keenable.requests.map((request) => request.path)).toEqual([
      '/v1/search/public',
      '/v1/search',
    ]);
  });

  it('reads keys from the key file in the data directory, naming it when a key is refused', async () => {
    const dataDir = freshDataDir();
    const keys = new KeyStore(dataDir);
    keys.set('brave_api', KEYED_APIS.brave_api.key);
    keys.set('tavily', 'a-stale-tavily-key');
    const env = {
      ...fakes.env(),
      LOOKOUT_DATA_DIR: dataDir,
      TAVILY_API_KEY: KEYED_APIS.tavily.key,
    };
    const run = await runCli(['providers', 'test', 'rust', '--json'], env);
    const rows = JSON.parse(run.stdout).providers as { provider: string; outcome: string }[];
    expect(rows.find((row) => row.provider === 'brave_api')).toMatchObject({ outcome: 'ok' });
    expect(rows.find((row) => row.provider === 'tavily')).toEqual(
      expect.objectContaining({
        outcome: 'error',
        reason:
          'refused the key (401: Unauthorized: missing or invalid API key.); key from the key file; TAVILY_API_KEY is set too but the key file wins',
      }),
    );
    expect(run.stdout).not.toContain('a-stale-tavily-key');
    const listed = JSON.parse((await runCli(['providers', '--json'], env)).stdout);
    expect(listed.find((row: { name: string }) => row.name === 'brave_api')).toMatchObject({
      setUp: true,
      ready: true,
    });
  });

  it('refuses an unknown sub-command and a missing query', async () => {
    expect((await runCli(['providers', 'frob'], fakes.env())).code).toBe(2);
    expect((await runCli(['providers', 'test'], fakes.env())).code).toBe(2);
  });
});
