import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type EngineFakes, startEngineFakes } from '../fakes/engines.js';
import { runCli } from './run-cli.js';

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
    expect(lines[2]).toMatch(/^duckduckgo +DuckDuckGo +127\.0\.0\.1:\d+ +nothing +ready$/);
    expect(lines[4]).toMatch(/^bing_html +Bing .* off$/);
  });

  it('lists them as JSON', async () => {
    const run = await runCli(['providers', '--json'], {
      ...fakes.env(true),
      LOOKOUT_PROVIDERS: 'brave_html',
    });
    const rows = JSON.parse(run.stdout);
    expect(rows.map((row: { name: string }) => row.name)).toEqual([
      'brave_html',
      'searxng',
      'duckduckgo',
      'bing_html',
    ]);
    expect(rows[1]).toMatchObject({ name: 'searxng', on: true, ready: true });
  });

  it('tests every provider and prints a row each, then the first answer', async () => {
    fakes.duckduckgo.mode = 'challenge';
    fakes.brave.mode = 'too_many';
    fakes.bing.mode = 'slow';
    const run = await runCli(['providers', 'test', 'tokio'], fakes.env(true));
    expect(run.code).toBe(0);
    const rows = run.stdout.split('\n').slice(1, 5);
    expect(rows[0]).toMatch(/^searxng +127\.0\.0\.1:\d+ +ok +5 +\d+ ms$/);
    expect(rows[1]).toMatch(
      /^duckduckgo +127\.0\.0\.1:\d+ +challenged +0 +\d+ ms +challenged by a bot check$/,
    );
    expect(rows[2]).toMatch(
      /^brave_html .* blocked +0 +\d+ ms +blocked this server \(429 Too Many Requests\)$/,
    );
    expect(rows[3]).toMatch(/^bing_html .* ok +5 /);
    expect(run.stdout).toContain('First answer, from');
    expect(run.stdout).toContain('(searxng)');
  }, 15_000);

  it('exits 3 when no provider answers, still printing every row', async () => {
    for (const fake of fakes.all) fake.mode = 'server_error';
    const run = await runCli(['providers', 'test', 'tokio', '--json'], fakes.env(true));
    expect(run.code).toBe(3);
    const report = JSON.parse(run.stdout);
    expect(report.ok).toBe(false);
    expect(report.providers.map((row: { outcome: string }) => row.outcome)).toEqual([
      'error',
      'error',
      'error',
      'error',
    ]);
  });

  it('refuses an unknown sub-command and a missing query', async () => {
    expect((await runCli(['providers', 'frob'], fakes.env())).code).toBe(2);
    expect((await runCli(['providers', 'test'], fakes.env())).code).toBe(2);
  });
});
