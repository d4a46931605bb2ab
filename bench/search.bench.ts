/**
 * How fast lookout reads result pages and searches, side by side with what a
 * user would write instead: a scraper on cheerio's default parser (parse5),
 * and bare clients (fetch + JSON.parse, no cleaning) of SearXNG and of a
 * keyed API. Everything
 * runs on loopback: the engine pages come from the test fakes, SearXNG is the
 * real searx instance of shared/searx.
 */
import { load } from 'cheerio';
import { afterAll, beforeAll, bench, describe } from 'vitest';
import { providerKeys } from '../src/search/provider-keys.js';
import { PROVIDERS } from '../src/search/providers/index.js';
import { SearchCache } from '../src/search/search-cache.js';
import { createWebSearch, type WebSearch } from '../src/search/web-search.js';
import { defaultSettings } from '../src/settings/schema.js';
import { type EngineFakes, KEYED_APIS, startEngineFakes } from '../test/fakes/engines.js';
import { type SearxInstance, startSearx } from '../test/integration/searx-instance.js';

const QUERY = {
  text: 'rust async runtime',
  maxResults: 10,
  language: 'en-US',
  safesearch: 'moderate',
} as const;

let fakes: EngineFakes;
let searx: SearxInstance | undefined;
let search: WebSearch;
let keyed: WebSearch;
let counter = 0;
const pages: Record<string, string> = {};

/** A fetch that answers from memory, so only parsing is measured. */
const fromMemory =
  (html: string): typeof fetch =>
  async () =>
    new Response(html, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } });

const context = (html: string) => ({
  endpoint: 'https://engine.invalid/search',
  settings: defaultSettings(),
  signal: new AbortController().signal,
  fetch: fromMemory(html),
  now: Date.now,
});

beforeAll(async () => {
  fakes = await startEngineFakes();
  const form = new URLSearchParams({ q: QUERY.text });
  pages.duckduckgo = await (
    await fetch(`${fakes.duckduckgo.url}/html/`, { method: 'POST', body: form })
  ).text();
  pages.bing = await (await fetch(`${fakes.bing.url}/search?${form}`)).text();
  // Hooks inside a bench group do not run: the searx instance starts here.
  searx = await startSearx();
  search = createWebSearch({
    settings: {
      ...defaultSettings(),
      searxng_url: searx.url,
      providers_off: ['duckduckgo', 'brave_html', 'bing_html'],
    },
    cache: new SearchCache(),
  });
  await search.search({ query: 'cached query' });
  // Serper, whose fake speaks its JSON API and which has no published rate to wait for.
  keyed = createWebSearch({
    settings: fakes.settings({
      providers: ['serper'],
      providers_off: ['duckduckgo', 'brave_html', 'bing_html', 'keenable'],
    }),
    keys: providerKeys({ env: fakes.keyEnv() }),
    cache: new SearchCache(),
  });
});
afterAll(async () => {
  await fakes.close();
  await searx?.stop();
});

describe('read a DuckDuckGo result page', () => {
  bench('lookout duckduckgo (cheerio/slim, htmlparser2)', async () => {
    await PROVIDERS.duckduckgo.search(QUERY, context(pages.duckduckgo as string));
  });
  bench('hand-written scraper on cheerio default (parse5)', () => {
    const $ = load(pages.duckduckgo as string);
    $('#links .web-result').map((_, element) => {
      const anchor = $(element).find('a.result__a');
      const href = anchor.attr('href') ?? '';
      const url = new URL(href, 'https://html.duckduckgo.com/').searchParams.get('uddg') ?? href;
      return { title: anchor.text(), url, snippet: $(element).find('.result__snippet').text() };
    });
  });
});

describe('read a Bing result page', () => {
  bench('lookout bing_html (cheerio/slim, htmlparser2)', async () => {
    await PROVIDERS.bing_html.search(QUERY, context(pages.bing as string));
  });
  bench('hand-written scraper on cheerio default (parse5)', () => {
    const $ = load(pages.bing as string);
    $('#b_results > li.b_algo').map((_, element) => ({
      title: $(element).find('h2 a').text(),
      url: $(element).find('h2 a').attr('href'),
      snippet: $(element).find('.b_caption p').text(),
    }));
  });
});

describe('search a keyed API (the Serper fake on loopback)', () => {
  bench(
    'lookout createWebSearch: key resolved, header only, no redirect, results cleaned',
    async () => {
      counter += 1;
      const outcome = await keyed.search({ query: `keyed ${counter}` });
      if (!outcome.ok || outcome.value.provider !== 'serper')
        throw new Error('serper did not answer');
    },
  );
  bench('bare client: fetch with the key + JSON.parse, no cleaning', async () => {
    counter += 1;
    const response = await fetch(`${fakes.apis.serper.url}/search`, {
      method: 'POST',
      headers: { 'X-API-KEY': KEYED_APIS.serper.key, 'Content-Type': 'application/json' },
      body: JSON.stringify({ q: `keyed ${counter}`, num: 10 }),
    });
    const body = (await response.json()) as { organic: unknown[] };
    body.organic.slice(0, 5);
  });
});

describe('search through a real searx on loopback', () => {
  bench(
    'lookout createWebSearch, cache missed',
    async () => {
      counter += 1;
      const outcome = await search.search({ query: `bench ${counter}` });
      if (!outcome.ok) throw new Error(outcome.failure.message);
    },
    { time: 3_000 },
  );
  bench(
    'bare client: fetch + JSON.parse, no cleaning',
    async () => {
      counter += 1;
      const response = await fetch(`${searx?.url}/search?q=bench+${counter}&format=json`);
      const body = (await response.json()) as { results: unknown[] };
      body.results.slice(0, 5);
    },
    { time: 3_000 },
  );
  bench('lookout createWebSearch, cache hit', async () => {
    await search.search({ query: 'cached query' });
  });
});
