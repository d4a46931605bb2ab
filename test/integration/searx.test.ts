import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebSearch } from '../../src/search/web-search.js';
import { defaultSettings, type Settings } from '../../src/settings/schema.js';
import type { SearchResult } from '../../src/types.js';
import { runBin } from '../cli/run-cli.js';
import { startEngineFakes } from '../fakes/engines.js';
import { type SearxInstance, startSearx } from './searx-instance.js';

/** The canonical shape of one source, as every front door shows it. */
const SOURCE_SHAPE = {
  title: expect.any(String),
  url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/doc\//),
  snippet: expect.any(String),
};

describe('searxng against a real searx instance', () => {
  let searx: SearxInstance;
  let jsonless: SearxInstance;

  beforeAll(async () => {
    [searx, jsonless] = await Promise.all([startSearx(), startSearx('html,csv,rss')]);
  });
  afterAll(async () => {
    await Promise.all([searx?.stop(), jsonless?.stop()]);
  });

  const search = async (
    settings: Partial<Settings>,
    query: string,
    extra = {},
  ): Promise<SearchResult> => {
    const service = createWebSearch({
      settings: {
        ...defaultSettings(),
        providers: ['searxng'],
        providers_off: ['duckduckgo', 'brave_html', 'bing_html'],
        ...settings,
      },
    });
    const outcome = await service.search({ query, ...extra });
    if (!outcome.ok) throw new Error(outcome.failure.message);
    return outcome.value;
  };

  it('returns real results in the canonical shape', async () => {
    const result = await search({ searxng_url: searx.url }, 'lookout integration', {
      maxResults: 8,
    });
    expect(result.provider).toBe('searxng');
    expect(result.host).toBe(new URL(searx.url).host);
    expect(result.sources).toHaveLength(8);
    for (const source of result.sources) {
      expect(source).toMatchObject(SOURCE_SHAPE);
      expect(source.title).toMatch(/^lookout integration - fixture document \d+$/);
      if (source.published) expect(source.published).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    // searx sends dates as display text ("Jan 29, 2024"); lookout reads them as ISO days.
    expect(result.sources.filter((source) => source.published).length).toBeGreaterThan(3);
    expect(new Set(result.sources.map((source) => source.url)).size).toBe(8);
  });

  it('maps freshness to time_range, which searx hands to its engines', async () => {
    await fetch(`${searx.fixtureUrl}/_requests`, { method: 'DELETE' });
    const result = await search({ searxng_url: searx.url }, 'fresh news', { freshness: 'day' });
    expect(result.sources.length).toBeGreaterThan(0);
    const requests = (await (await fetch(`${searx.fixtureUrl}/_requests`)).json()) as {
      engine: string;
    }[];
    // Only the engines that support time ranges were asked.
    expect(new Set(requests.map((request) => request.engine))).toEqual(new Set(['news', 'rss']));
  });

  it('says which engines failed when nothing came back', async () => {
    const result = await search({ searxng_url: searx.url }, 'broken fixture-fail');
    expect(result.sources).toEqual([]);
    expect(result.attempts[0]).toMatchObject({
      provider: 'searxng',
      outcome: 'no_results',
      reason: expect.stringMatching(
        /^no results; engines that failed: .*fixture-web \(HTTP error\)/,
      ),
    });
  });

  it('diagnoses an instance that refuses JSON, and reads its HTML page instead', async () => {
    const result = await search({ searxng_url: jsonless.url }, 'no json here');
    expect(result.attempts[0]).toMatchObject({
      provider: 'searxng',
      outcome: 'ok',
      reason:
        'the instance refuses the JSON format: add json to search.formats in its settings.yml; results were read from its HTML page',
    });
    expect(result.sources.length).toBe(5);
    for (const source of result.sources) expect(source).toMatchObject(SOURCE_SHAPE);
    expect(result.sources[0]?.title).toMatch(/^no json here - fixture document \d+$/);
  });

  it('lookout search --json returns the canonical SearchResult', async () => {
    const run = await runBin(['search', 'cli check', '--json', '--limit', '3'], {
      LOOKOUT_SEARXNG_URL: searx.url,
    });
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as SearchResult;
    expect(result).toMatchObject({
      query: 'cli check',
      answer: '',
      provider: 'searxng',
      cached: false,
    });
    expect(result.sources).toHaveLength(3);
    for (const source of result.sources) expect(source).toMatchObject(SOURCE_SHAPE);
    expect(result.attempts).toEqual([
      {
        provider: 'searxng',
        host: new URL(searx.url).host,
        outcome: 'ok',
        results: 3,
        ms: expect.any(Number),
      },
    ]);
  });

  it('with searx stopped and the engines challenged or blocked, exits 3 naming each provider', async () => {
    const fakes = await startEngineFakes();
    try {
      fakes.duckduckgo.mode = 'challenge';
      fakes.brave.mode = 'too_many';
      fakes.bing.mode = 'forbidden';
      fakes.apis.keenable.mode = 'forbidden';
      const stopped = searx.url;
      await searx.stop();
      const run = await runBin(['search', 'anything'], {
        ...fakes.env(),
        LOOKOUT_SEARXNG_URL: stopped,
      });
      expect(run.code).toBe(3);
      expect(run.stderr).toContain(
        'no search provider works. Tried searxng: refused the connection; duckduckgo: challenged by a bot check; ' +
          'brave_html: blocked this server (429 Too Many Requests); bing_html: blocked this server (403 Forbidden); ' +
          'keenable: blocked this server (403, not the API answering).',
      );
    } finally {
      await fakes.close();
    }
  });
});
