import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainText } from '../../src/search/plain-text.js';
import type { ProviderAnswer, ProviderQuery } from '../../src/search/provider.js';
import { braveHtml, resultTarget } from '../../src/search/providers/brave-html.js';
import { defaultSettings } from '../../src/settings/schema.js';
import { startBraveHtmlFake } from '../fakes/brave-html-fake.js';
import type { FakeServer } from '../fakes/http-fake.js';
import { baseQuery, providerContract } from './provider-contract.js';

const NOW = Date.parse('2026-11-30T12:00:00Z');

providerContract({
  provider: braveHtml,
  start: startBraveHtmlFake,
  endpoint: (base) => `${base}/search`,
  expectFreshnessWeek: (request) => {
    expect(request.method).toBe('GET');
    expect(request.params.get('tf')).toBe('pw');
  },
  expectSite: (request) => expect(request.params.get('q')).toBe('tokio site:docs.rs'),
  dated: true,
});

/** The cookies of a request as name → value. */
function cookiesOf(header: string | undefined): Record<string, string> {
  return Object.fromEntries(
    (header ?? '').split(/;\s*/).map((pair) => pair.split('=') as [string, string]),
  );
}

describe('brave_html against its fake', () => {
  let fake: FakeServer;
  beforeAll(async () => {
    fake = await startBraveHtmlFake();
  });
  afterAll(() => fake.close());

  const ask = (query: ProviderQuery): Promise<ProviderAnswer> =>
    braveHtml.search(query, {
      endpoint: `${fake.url}/search`,
      settings: defaultSettings(),
      signal: AbortSignal.timeout(3_000),
      fetch,
      now: () => NOW,
    });

  it('sends the region, language and safe search of the settings as cookies', async () => {
    await ask(baseQuery('x', { language: 'de-DE', safesearch: 'strict' }));
    const request = fake.requests.at(-1);
    expect(cookiesOf(request?.headers.cookie)).toEqual({
      safesearch: 'strict',
      country: 'de',
      ui_lang: 'de-de',
      useLocation: '0',
      summarizer: '0',
    });
    expect(request?.params.get('source')).toBe('web');
    expect(request?.headers['accept-language']).toBe('de-DE,de;q=0.9');
    expect(request?.headers.referer).toBe(`${fake.url}/`);
    expect(request?.headers['user-agent']).toMatch(/Mozilla/);
  });

  it('asks for every country when the language is auto or has no region', async () => {
    await ask(baseQuery('x', { language: 'auto' }));
    expect(cookiesOf(fake.requests.at(-1)?.headers.cookie)).toMatchObject({
      country: 'all',
      ui_lang: 'en-us',
    });
    await ask(baseQuery('x', { language: 'fr' }));
    expect(cookiesOf(fake.requests.at(-1)?.headers.cookie)).toMatchObject({
      country: 'all',
      ui_lang: 'fr',
    });
  });

  it('removes the date prefix from the snippet and reads it as the date', async () => {
    const answer = await ask(baseQuery('tokio'));
    if (answer.outcome !== 'ok') throw new Error(`expected results, got ${answer.outcome}`);
    const [first, second] = answer.sources;
    expect(first?.published).toBe('2025-05-03');
    expect(first?.snippet).not.toMatch(/May 3, 2025|t-secondary/);
    expect(plainText(first?.snippet ?? '')).toBe('Tokio is an asynchronous runtime <for> tokio.');
    expect(second?.published).toBeUndefined();
  });

  it('is blocked, not challenged, by a 429 challenge page', async () => {
    const answer = await ask(baseQuery('tokio fake-too_many'));
    expect(answer).toEqual({ outcome: 'blocked', reason: expect.stringContaining('429') });
  });
});

describe('brave_html results', () => {
  const endpoint = 'https://search.brave.com/search';

  /** Answers every request with `html`, as Brave would. */
  const search = (html: string): Promise<ProviderAnswer> =>
    braveHtml.search(baseQuery('tokio'), {
      endpoint,
      settings: defaultSettings(),
      signal: AbortSignal.timeout(3_000),
      fetch: async () => new Response(html, { headers: { 'Content-Type': 'text/html' } }),
      now: () => NOW,
    });

  const result = (href: string, title: string, type = '') => `
    <div class="snippet svelte-x" ${type}>
      <a href="${href}"><div class="title svelte-x">${title}</div></a>
      <div class="content svelte-x">Text of ${title}</div>
    </div>`;

  it('drops an ad with a relative link, even without a data-type', async () => {
    const answer = await search(`<div id="results">
      ${result('/a/redirect?click_url=https%3A%2F%2Fads.example%2F', 'Sponsored')}
      ${result('https://search.brave.com/a/redirect?x=1', 'Also sponsored')}
      ${result('https://tokio.rs/', 'Tokio', 'data-type="web"')}
    </div>`);
    expect(answer).toMatchObject({ outcome: 'ok', sources: [{ url: 'https://tokio.rs/' }] });
    if (answer.outcome === 'ok') expect(answer.sources).toHaveLength(1);
  });

  it('skips snippets of other types', async () => {
    const answer = await search(`<div id="results">
      ${result('https://youtube.example/v', 'A video', 'data-type="videos"')}
    </div>`);
    expect(answer).toEqual({ outcome: 'no_results' });
  });

  it('tells a bot check from a page it cannot read', async () => {
    expect(
      await search('<title>Captcha - Brave Search</title><form action="/search/captcha">'),
    ).toEqual({
      outcome: 'challenged',
      reason: 'challenged by a bot check',
    });
    expect((await search('<html><body><div id="app"></div></body></html>')).outcome).toBe('error');
  });

  it('keeps only links off Brave', () => {
    expect(resultTarget('https://docs.rs/tokio/', endpoint)).toBe('https://docs.rs/tokio/');
    expect(resultTarget('/a/redirect?click_url=x', endpoint)).toBeUndefined();
    expect(resultTarget('https://brave.com/search/', endpoint)).toBeUndefined();
    expect(resultTarget('javascript:void(0)', endpoint)).toBeUndefined();
  });
});
