import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderQuery } from '../../src/search/provider.js';
import { fromHtml, searxng } from '../../src/search/providers/searxng.js';
import { shapeSources } from '../../src/search/shape-sources.js';
import { defaultSettings } from '../../src/settings/schema.js';
import { expectedUrls } from '../fakes/corpus.js';
import { type SearxngFake, startSearxngFake } from '../fakes/searxng-fake.js';
import { baseQuery, providerContract } from './provider-contract.js';

providerContract({
  provider: searxng,
  start: startSearxngFake,
  endpoint: (base) => base,
  dated: true,
  expectFreshnessWeek: (request) => {
    expect(request.params.get('time_range')).toBe('week');
    expect(request.params.get('format')).toBe('json');
  },
  expectSite: (request) => expect(request.params.get('q')).toBe('tokio site:docs.rs'),
});

describe('searxng', () => {
  let fake: SearxngFake;
  beforeAll(async () => {
    fake = await startSearxngFake();
  });
  afterAll(() => fake.close());

  const ask = (query: ProviderQuery, endpoint = fake.url) =>
    searxng.search(query, {
      endpoint,
      settings: { ...defaultSettings(), searxng_categories: ['general', 'news'] },
      signal: AbortSignal.timeout(3000),
      fetch,
      now: Date.now,
    });

  it('sends the JSON API parameters', async () => {
    await ask(baseQuery('tokio', { safesearch: 'strict', language: 'de-DE' }));
    const request = fake.requests.at(-1);
    expect(request?.path).toBe('/search');
    expect(Object.fromEntries(request?.params ?? [])).toMatchObject({
      q: 'tokio',
      format: 'json',
      pageno: '1',
      safesearch: '2',
      language: 'de-DE',
      categories: 'general,news',
    });
  });

  it('keeps a path in the instance address', async () => {
    await ask(baseQuery('tokio'), `${fake.url}/searx/`);
    expect(fake.requests.at(-1)?.path).toBe('/searx/search');
  });

  it('names the engines that failed when nothing came back', async () => {
    const answer = await ask(baseQuery('tokio fake-empty'));
    expect(answer).toEqual({
      outcome: 'no_results',
      reason: 'no results; engines that failed: google (CAPTCHA)',
    });
  });

  it('falls back to the HTML page when JSON is refused, and says how to fix it', async () => {
    fake.jsonDisabled = true;
    try {
      const answer = await ask(baseQuery('tokio'));
      expect(answer.outcome).toBe('ok');
      if (answer.outcome !== 'ok') return;
      expect(answer.note).toMatch(/add json to search\.formats/);
      const urls = shapeSources(answer.sources, { maxResults: 10, snippetChars: 300 }).map(
        (s) => s.url,
      );
      expect(urls).toEqual(expectedUrls());
      expect(fake.requests.at(-1)?.params.get('format')).toBe('html');
    } finally {
      fake.jsonDisabled = false;
    }
  });

  it('says JSON is refused when the HTML page has nothing either', async () => {
    fake.jsonDisabled = true;
    try {
      const answer = await ask(baseQuery('tokio fake-empty'));
      expect(answer).toMatchObject({
        outcome: 'no_results',
        reason: expect.stringMatching(/search\.formats/),
      });
    } finally {
      fake.jsonDisabled = false;
    }
  });

  it('reads the oscar theme of searx too', () => {
    const page = `<div id="main_results"><div class="result result-default"><h4 class="result_header"><a href="https://a.example/">A &amp; B</a></h4>
      <time class="text-muted" datetime="2024-01-29 12:00:00+0000">Jan 29, 2024</time><p class="result-content">About <span class="highlight">a</span></p></div></div>`;
    expect(fromHtml(page, Date.now())).toEqual({
      outcome: 'ok',
      sources: [
        {
          title: 'A &amp; B',
          url: 'https://a.example/',
          snippet: 'About <span class="highlight">a</span>',
          published: '2024-01-29',
        },
      ],
    });
  });

  it('reports the reason of a bad request', async () => {
    const answer = await searxng.search(baseQuery('x'), {
      endpoint: `${fake.url}/search`,
      settings: defaultSettings(),
      signal: AbortSignal.timeout(3000),
      fetch: async () =>
        new Response('{"error": "Invalid value \\"0\\" for parameter pageno"}', {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
      now: Date.now,
    });
    expect(answer).toEqual({ outcome: 'error', reason: expect.stringContaining('HTTP 400') });
  });

  it('passes over odd results instead of failing the search', async () => {
    const body = JSON.stringify({
      results: [
        { url: null, title: 'no address' },
        { url: 'https://a.example/', title: 42, content: 'kept', publishedDate: 'someday' },
        'not an object',
      ],
    });
    const answer = await searxng.search(baseQuery('x'), {
      endpoint: fake.url,
      settings: defaultSettings(),
      signal: AbortSignal.timeout(3000),
      fetch: async () => new Response(body, { headers: { 'content-type': 'application/json' } }),
      now: Date.now,
    });
    expect(answer).toEqual({
      outcome: 'ok',
      markup: 'text',
      sources: [{ title: '', url: 'https://a.example/', snippet: 'kept' }],
    });
  });
});
