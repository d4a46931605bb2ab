import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderAnswer, ProviderQuery } from '../../src/search/provider.js';
import { bingHtml, resultTarget } from '../../src/search/providers/bing-html.js';
import { defaultSettings } from '../../src/settings/schema.js';
import { startBingHtmlFake } from '../fakes/bing-html-fake.js';
import type { FakeServer, RecordedRequest } from '../fakes/http-fake.js';
import { baseQuery, providerContract } from './provider-contract.js';

providerContract({
  provider: bingHtml,
  start: startBingHtmlFake,
  endpoint: (base) => `${base}/search`,
  expectFreshnessWeek: (request) => {
    expect(request.method).toBe('GET');
    expect(request.params.get('filters')).toBe('ex1:"ez2"');
  },
  expectSite: (request) => expect(request.params.get('q')).toBe('tokio site:docs.rs'),
  dated: true,
});

describe('bing_html links', () => {
  const page = 'https://www.bing.com/search?q=tokio';
  const wrapped = (u: string): string =>
    `https://www.bing.com/ck/a?!&&p=3f2a1b0c&ptn=3&ver=2&hsh=4&u=${u}&ntb=1`;

  it('unwraps the ck/a click wrapper', () => {
    expect(resultTarget(wrapped('a1aHR0cHM6Ly90b2tpby5ycy8'), page)).toBe('https://tokio.rs/');
  });

  it('decodes a non-ASCII target as UTF-8, in the URL-safe alphabet, without padding', () => {
    // base64url of `https://de.wikipedia.org/wiki/Straße?q=~~>`: holds a `-` and needs `==`.
    const u = 'a1aHR0cHM6Ly9kZS53aWtpcGVkaWEub3JnL3dpa2kvU3RyYcOfZT9xPX5-Pg';
    expect(resultTarget(wrapped(u), page)).toBe(
      'https://de.wikipedia.org/wiki/Stra%C3%9Fe?q=~~%3E',
    );
  });

  it('drops a wrapper it cannot read', () => {
    expect(resultTarget('https://www.bing.com/ck/a?!&&p=3f2a&ntb=1', page)).toBeUndefined();
    expect(resultTarget(wrapped('aHR0cHM6Ly90b2tpby5ycy8'), page)).toBeUndefined();
    // base64url of `javascript:alert(1)`: decodes, but is no web address.
    expect(resultTarget(wrapped('a1amF2YXNjcmlwdDphbGVydCgxKQ'), page)).toBeUndefined();
  });

  it('keeps direct links and drops ads and Bing pages', () => {
    expect(resultTarget('https://docs.rs/tokio/latest/tokio/', page)).toBe(
      'https://docs.rs/tokio/latest/tokio/',
    );
    expect(
      resultTarget('https://www.bing.com/aclick?ld=e8abc&u=aHR0cHM6Ly9hZHMuZXhhbXBsZS8', page),
    ).toBeUndefined();
    expect(resultTarget('/search?q=tokio&first=11&FORM=PERE', page)).toBeUndefined();
    expect(resultTarget('https://cn.bing.com/images/search?q=tokio', page)).toBeUndefined();
  });
});

describe('bing_html requests and pages', () => {
  let fake: FakeServer;
  beforeAll(async () => {
    fake = await startBingHtmlFake();
  });
  afterAll(() => fake.close());

  const search = (query: ProviderQuery, now = Date.now()): Promise<ProviderAnswer> =>
    bingHtml.search(query, {
      endpoint: `${fake.url}/search`,
      settings: defaultSettings(),
      signal: AbortSignal.timeout(3_000),
      fetch,
      now: () => now,
    });

  /** The request a search sent, after checking that it found results. */
  const ask = async (query: ProviderQuery, now?: number): Promise<RecordedRequest> => {
    expect((await search(query, now)).outcome).toBe('ok');
    const request = fake.requests.at(-1);
    if (!request) throw new Error('the provider sent no request');
    return request;
  };

  it('sends a year as a range of days since the epoch, ending today', async () => {
    // 2026-11-30 is day 20787 after 1970-01-01.
    const request = await ask(
      baseQuery('tokio', { freshness: 'year' }),
      Date.parse('2026-11-30T12:00:00Z'),
    );
    expect(request.params.get('filters')).toBe('ex1:"ez5_20422_20787"');
  });

  it('sends the market and safe search of the settings', async () => {
    const request = await ask(baseQuery('tokio', { language: 'de-DE', safesearch: 'strict' }));
    expect(request.params.get('mkt')).toBe('de-de');
    expect(request.params.get('adlt')).toBe('strict');
    expect(request.params.has('setlang')).toBe(false);
    expect(request.headers['accept-language']).toBe('de-DE,de;q=0.9');
    expect(request.headers['user-agent']).toMatch(/Mozilla/);
  });

  it('asks only for a language when the setting has no region', async () => {
    const bare = await ask(baseQuery('tokio', { language: 'de' }));
    expect(bare.params.has('mkt')).toBe(false);
    expect(bare.params.get('setlang')).toBe('de');
    const auto = await ask(baseQuery('tokio', { language: 'auto' }));
    expect(auto.params.has('mkt')).toBe(false);
    expect(auto.params.has('setlang')).toBe(false);
  });

  it('leaves the decorative icon and the date out of snippets', async () => {
    const answer = await search(baseQuery('rust async runtime'));
    if (answer.outcome !== 'ok') throw new Error(`expected results, got ${answer.outcome}`);
    for (const source of answer.sources) {
      expect(source.snippet).not.toMatch(/WEB|algoSlug|news_dt/);
    }
    expect(answer.sources[0]?.snippet).toMatch(/^Tokio is an/);
    expect(answer.sources[0]?.published).toBe('2025-05-03');
  });
});
