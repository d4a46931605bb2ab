import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type EngineFakes, startEngineFakes } from '../fakes/engines.js';
import { closedPort } from '../fakes/http-fake.js';
import { freshDataDir, runBin, runCli } from './run-cli.js';

describe('lookout search', () => {
  let fakes: EngineFakes;
  beforeAll(async () => {
    fakes = await startEngineFakes();
  });
  afterAll(() => fakes.close());
  beforeEach(() => fakes.reset());

  it('prints numbered sources and the host that answered', async () => {
    const run = await runCli(['search', 'rust', 'async'], fakes.env());
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('1.  Tokio & "friends": rust async\n    https://tokio.rs/\n');
    expect(run.stdout).toContain('2.  tokio - Rust');
    expect(run.stdout).toMatch(/Results from 127\.0\.0\.1:\d+ \(duckduckgo\), \d+ ms\./);
    expect(fakes.duckduckgo.requests[0]?.params.get('q')).toBe('rust async');
  });

  it('prints the SearchResult with --json, passing options through', async () => {
    const run = await runCli(
      ['search', 'tokio', '--json', '--limit', '2', '--freshness', 'week', '--site', 'tokio.rs'],
      fakes.env(),
    );
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(Object.keys(result)).toEqual([
      'query',
      'answer',
      'sources',
      'provider',
      'host',
      'attempts',
      'cached',
      'ms',
    ]);
    expect(result.sources).toEqual([
      {
        title: 'Tokio & "friends": tokio site:tokio.rs',
        url: 'https://tokio.rs/',
        snippet: 'Tokio is an asynchronous runtime <for> tokio site:tokio.rs.',
      },
    ]);
    expect(fakes.duckduckgo.requests[0]?.params.get('df')).toBe('w');
  });

  it('shows who was passed over, and why', async () => {
    fakes.duckduckgo.mode = 'challenge';
    const run = await runCli(['search', 'tokio'], fakes.env());
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('(brave_html)');
    expect(run.stdout).toContain('passed over duckduckgo: challenged by a bot check');
  });

  it('exits 3 naming every provider when none works', async () => {
    for (const fake of fakes.all) fake.mode = 'challenge';
    fakes.brave.mode = 'too_many';
    const env = { ...fakes.env(), LOOKOUT_SEARXNG_URL: `http://127.0.0.1:${await closedPort()}` };
    const run = await runCli(['search', 'tokio', '--json'], env);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(
      /no search provider works\. Tried searxng: refused the connection; duckduckgo: challenged by a bot check; brave_html: blocked this server \(429 Too Many Requests\); bing_html: challenged by a bot check; keenable: challenged by a bot check in front of the API\./,
    );
    expect(JSON.parse(run.stdout).error.code).toBe('no_provider_works');
  });

  it('exits 1 when the search found nothing', async () => {
    for (const fake of fakes.all) fake.mode = 'empty';
    const run = await runCli(['search', 'nothing'], fakes.env());
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('No results for "nothing".');
  });

  it.each([
    [['search'], /give a query/],
    [['search', 'x', '--limit', '20'], /--limit must be a whole number from 1 to 10/],
    [['search', 'x', '--freshness', 'hour'], /--freshness must be one of day, week, month, year/],
    [['search', 'x', '--provider', 'google'], /unknown provider "google"/],
    [['search', 'x', '--bogus'], /Unknown option '--bogus'/],
    [['search', 'x'.repeat(401)], /at most 400/],
  ])('exits 2 on bad arguments: %j', async (args, message) => {
    const run = await runCli(args, fakes.env());
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(fakes.duckduckgo.requests).toHaveLength(0);
  });

  it('refuses bad settings at start, naming each variable', async () => {
    const run = await runCli(['search', 'x'], {
      ...fakes.env(),
      LOOKOUT_PROVIDERS: 'duckduckgo,google',
      LOOKOUT_ALLOW_PRIVATE: 'perhaps',
      LOOKOUT_SEARXNG_URL: 'ftp://searx.example',
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('lookout: LOOKOUT_PROVIDERS: unknown provider "google"');
    expect(run.stderr).toContain(
      'lookout: LOOKOUT_ALLOW_PRIVATE: expected true or false (got "perhaps")',
    );
    expect(run.stderr).toContain('lookout: LOOKOUT_SEARXNG_URL:');
    expect(fakes.duckduckgo.requests).toHaveLength(0);
  });

  it('keeps cool-downs between runs in the data directory', async () => {
    const dataDir = freshDataDir();
    const env = { ...fakes.env(), LOOKOUT_DATA_DIR: dataDir };
    fakes.duckduckgo.mode = 'challenge';
    expect((await runCli(['search', 'first'], env)).code).toBe(0);
    fakes.reset();
    const second = await runCli(['search', 'second'], env);
    expect(second.stdout).toMatch(
      /passed over duckduckgo: resting until \d\d:\d\d UTC \(challenged by a bot check\)/,
    );
    expect(fakes.duckduckgo.requests).toHaveLength(0);
    const providers = await runCli(['providers'], env);
    expect(providers.stdout).toMatch(/duckduckgo +DuckDuckGo .* resting until/);
  });
});

describe('lookout search with a damaged or read-only data directory', () => {
  let fakes: EngineFakes;
  beforeAll(async () => {
    fakes = await startEngineFakes();
  });
  afterAll(() => fakes.close());

  it.each(['null', '[1,2]', '{"duckduckgo": 5}', 'not json'])(
    'ignores a cool-down file holding %s',
    async (text) => {
      const dataDir = freshDataDir();
      writeFileSync(join(dataDir, 'cooldowns.json'), text);
      const run = await runCli(['search', 'tokio'], { ...fakes.env(), LOOKOUT_DATA_DIR: dataDir });
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('(duckduckgo)');
    },
  );

  it('warns once and still searches when cool-downs cannot be written', async () => {
    const file = join(freshDataDir(), 'a-file');
    writeFileSync(file, '');
    fakes.duckduckgo.mode = 'challenge';
    fakes.brave.mode = 'challenge';
    const run = await runCli(['search', 'tokio'], {
      ...fakes.env(),
      LOOKOUT_DATA_DIR: join(file, 'below'),
    });
    expect(run.code).toBe(0);
    expect(run.stderr.match(/could not keep provider cool-downs/g)).toHaveLength(1);
    expect(run.stdout).toContain('(bing_html)');
  });
});

describe('the lookout bin', () => {
  it('answers --help on plain node', async () => {
    const run = await runBin(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^lookout \d+\.\d+\.\d+: /);
    expect(run.stdout).toContain('lookout search <query>');
  });

  it('searches with the built code', async () => {
    const fakes = await startEngineFakes();
    try {
      const run = await runBin(['search', 'tokio', '--json'], fakes.env());
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout).provider).toBe('duckduckgo');
    } finally {
      await fakes.close();
    }
  });

  it('exits 2 on an unknown command', async () => {
    const run = await runBin(['frobnicate']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('unknown command "frobnicate"');
  });
});
