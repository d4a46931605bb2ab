import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGeminiResponse } from '../../src/search/hosted-search/gemini-answer.js';
import { resolveRedirects } from '../../src/search/hosted-search/resolve-redirects.js';
import { unlink } from '../../src/search/hosted-search/unlink.js';
import type { ProviderQuery } from '../../src/search/provider.js';
import { gemini } from '../../src/search/providers/gemini.js';
import { defaultSettings } from '../../src/settings/schema.js';
import { corpus } from '../fakes/corpus.js';
import {
  GEMINI_TEST_KEY,
  type GeminiFake,
  googleError,
  REDIRECT_PATH,
  startGeminiFake,
} from '../fakes/gemini-fake.js';
import { type Canned, GOOGLE_UNUSUAL_TRAFFIC } from '../fakes/hosted-fake.js';
import { baseQuery, providerContract } from './provider-contract.js';

providerContract({
  provider: gemini,
  start: startGeminiFake,
  endpoint: (base) => `${base}/v1beta`,
  expectFreshnessWeek: (request) => expect(request.params.get('q')).toMatch(/the past week/),
  expectSite: (request) => expect(request.params.get('q')).toMatch(/^Query: tokio site:docs\.rs$/m),
  api: {
    key: GEMINI_TEST_KEY,
    header: 'x-goog-api-key',
    refused: /^refused the key \(400: API key not valid\. Please pass a valid API key\.\)$/,
  },
});

/** The non-streamed response of the reference file (gemini-grounding.md). */
const GOLDEN = JSON.parse(
  readFileSync(join(import.meta.dirname, '../fixtures/hosted-search/gemini-response.json'), 'utf8'),
);
const golden = GOLDEN.candidates[0];

/** The reference response with other parts, chunks and supports. */
const responseWith = (grounding: Record<string, unknown> | undefined, text = 'An answer.') => ({
  ...GOLDEN,
  candidates: [
    {
      ...golden,
      content: { role: 'model', parts: [{ text }] },
      groundingMetadata: grounding,
    },
  ],
});

describe('gemini', () => {
  let fake: GeminiFake;
  let redirector: string;
  beforeAll(async () => {
    fake = await startGeminiFake();
    redirector = fake.redirector.url;
  });
  afterAll(() => fake.close());

  const ask = (query: ProviderQuery, key: string | null = GEMINI_TEST_KEY) =>
    gemini.search(query, {
      endpoint: `${fake.url}/v1beta/`,
      settings: { ...defaultSettings(), gemini_search_model: 'models/gemini-2.5-pro' },
      ...(key ? { key } : {}),
      signal: AbortSignal.timeout(10_000),
      fetch,
      now: Date.now,
    });

  const replaying = async (canned: Canned) => {
    fake.replay = canned;
    try {
      return await ask(baseQuery('tokio'));
    } finally {
      fake.replay = undefined;
    }
  };

  it('asks generateContent with google_search grounding, the key in x-goog-api-key only', async () => {
    await ask(baseQuery('tokio release'));
    const request = fake.requests.find(
      (sent) => sent.method === 'POST' && sent.params.get('q')?.includes('tokio release'),
    );
    expect(request?.path).toBe('/v1beta/models/gemini-2.5-pro:generateContent');
    expect(request?.headers['x-goog-api-key']).toBe(GEMINI_TEST_KEY);
    expect(request?.params.has('key')).toBe(false);
    expect(JSON.parse(request?.params.get('json') ?? '{}').tools).toEqual([{ google_search: {} }]);
  });

  it('reads the reference response: the answer, and each chunk with the passages it grounds', () => {
    expect(readGeminiResponse(GOLDEN)).toEqual({
      outcome: 'ok',
      markup: 'text',
      answer:
        'The latest release is Tokio 1.45, published on August 18, 2026. It adds new task APIs.',
      sources: [
        {
          title: 'tokio.rs',
          url: golden.groundingMetadata.groundingChunks[0].web.uri,
          snippet:
            'The latest release is Tokio 1.45, published on August 18, 2026. It adds new task APIs.',
        },
        {
          title: 'github.com',
          url: golden.groundingMetadata.groundingChunks[1].web.uri,
          snippet: 'The latest release is Tokio 1.45, published on August 18, 2026.',
        },
      ],
    });
  });

  it('slices segments at UTF-8 byte offsets, a missing startIndex being 0', () => {
    const text = 'Zürich ist groß. 東京 is big. Done.';
    const second = 'Zürich ist groß. '.length;
    const bytes = (upTo: number) => Buffer.byteLength(text.slice(0, upTo));
    const end = second + '東京 is big.'.length;
    const response = responseWith(
      {
        webSearchQueries: ['zürich'],
        groundingChunks: [
          { web: { uri: 'https://a.example/', title: 'a.example' } },
          { web: { uri: 'https://b.example/', title: 'b.example' } },
        ],
        groundingSupports: [
          { segment: { endIndex: bytes(second - 1) }, groundingChunkIndices: [0] },
          {
            segment: { startIndex: bytes(second), endIndex: bytes(end) },
            groundingChunkIndices: [1],
          },
        ],
      },
      text,
    );
    const answer = readGeminiResponse(response);
    expect(answer.outcome === 'ok' && answer.sources.map((source) => source.snippet)).toEqual([
      'Zürich ist groß.',
      '東京 is big.',
    ]);
  });

  it('cuts its inline links to their labels, code left alone', () => {
    expect(
      unlink(
        'See [Tokio](https://tokio.rs/blog) and [Rust](https://en.wikipedia.org/wiki/Rust_(programming_language)). ' +
          'Write `f[T any](v T)` or f[T any](v T), keep `[a](https://a.example)` and\n```\n[b](https://b.example)\n```\n[c](mailto:c@example.org)',
      ),
    ).toBe(
      'See Tokio and Rust. Write `f[T any](v T)` or f[T any](v T), keep `[a](https://a.example)` and\n```\n[b](https://b.example)\n```\n[c](mailto:c@example.org)',
    );
    const answer = readGeminiResponse(
      responseWith(golden.groundingMetadata, 'Read [the post](https://tokio.rs/blog).'),
    );
    expect(answer).toMatchObject({ outcome: 'ok', answer: 'Read the post.' });
  });

  it('refuses an answer without grounding', () => {
    const refused = {
      outcome: 'error',
      reason: 'answered without searching the web, so its answer was refused',
    };
    expect(readGeminiResponse(responseWith(undefined))).toEqual(refused);
    expect(
      readGeminiResponse(
        responseWith({ searchEntryPoint: golden.groundingMetadata.searchEntryPoint }),
      ),
    ).toEqual(refused);
    expect(readGeminiResponse(responseWith({ webSearchQueries: ['tokio'] }))).toEqual({
      outcome: 'no_results',
      reason: 'searched but found nothing',
    });
  });

  it('resolves grounding redirects with one HEAD each, sending no key and no cookie', async () => {
    const before = fake.redirector.requests.length;
    const answer = await ask(baseQuery('rust async runtime'));
    expect(answer.outcome === 'ok' && answer.sources.map((source) => source.url)).toEqual(
      corpus('').map((page) => page.url),
    );
    const heads = fake.redirector.requests.slice(before);
    expect(heads.map((request) => `${request.method} ${request.path}`).sort()).toEqual(
      corpus('')
        .map((_, index) => `HEAD ${REDIRECT_PATH}${index}`)
        .sort(),
    );
    for (const head of heads) {
      expect(head.headers['x-goog-api-key']).toBeUndefined();
      expect(head.headers.cookie).toBeUndefined();
      expect(head.headers.authorization).toBeUndefined();
    }
  });

  it('keeps a redirect whose redirector hangs, and gives up after 5 s', async () => {
    const hanging = `${redirector}${REDIRECT_PATH}hang-1`;
    const resolving = `${redirector}${REDIRECT_PATH}0`;
    const response = responseWith({
      webSearchQueries: ['tokio'],
      groundingChunks: [
        { web: { uri: hanging, title: 'hangs' } },
        { web: { uri: resolving, title: 'answers' } },
      ],
    });
    const started = Date.now();
    const answer = await replaying({ status: 200, json: response });
    const took = Date.now() - started;
    expect(answer.outcome === 'ok' && answer.sources.map((source) => source.url)).toEqual([
      hanging,
      corpus('')[0]?.url,
    ]);
    expect(took).toBeGreaterThanOrEqual(4_900);
    expect(took).toBeLessThan(7_000);
  });

  it('resolves nothing on another host', async () => {
    const elsewhere = `${redirector.replace('127.0.0.1', 'localhost')}${REDIRECT_PATH}0`;
    const response = responseWith({
      webSearchQueries: ['tokio'],
      groundingChunks: [{ web: { uri: elsewhere, title: 'elsewhere' } }],
    });
    const before = fake.redirector.requests.length;
    const answer = await replaying({ status: 200, json: response });
    expect(answer.outcome === 'ok' && answer.sources[0]?.url).toBe(elsewhere);
    expect(fake.redirector.requests.length).toBe(before);
  });

  it('keeps the redirect when a HEAD fails or does not redirect', async () => {
    const targets = await resolveRedirects(
      [
        `${redirector}${REDIRECT_PATH}0`,
        `${redirector}${REDIRECT_PATH}99`,
        `${redirector}${REDIRECT_PATH}hang-2`,
        'http://127.0.0.1:9/x',
      ],
      { fetch, signal: new AbortController().signal, timeoutMs: 300 },
    );
    expect([...targets.values()]).toEqual([
      corpus('')[0]?.url,
      `${redirector}${REDIRECT_PATH}99`,
      `${redirector}${REDIRECT_PATH}hang-2`,
      'http://127.0.0.1:9/x',
    ]);
  });

  it('checks its key before touching the network', async () => {
    const before = fake.requests.length;
    expect(await ask(baseQuery('tokio'), null)).toMatchObject({
      outcome: 'error',
      reason: expect.stringMatching(/^no key: set GEMINI_API_KEY/),
    });
    expect(fake.requests.length).toBe(before);
  });

  it("says Google's refusals in plain words", async () => {
    expect(await replaying(GOOGLE_UNUSUAL_TRAFFIC)).toEqual({
      outcome: 'challenged',
      reason: 'challenged by a bot check in front of the API (Google)',
    });
    const sorry = {
      status: 302,
      headers: {
        location:
          'https://www.google.com/sorry/index?continue=https://generativelanguage.googleapis.com/',
      },
    };
    expect(await replaying(sorry)).toMatchObject({ outcome: 'challenged' });
    const disabled = googleError(
      403,
      'PERMISSION_DENIED',
      'Generative Language API has not been used in project 123456789 before or it is disabled.',
    );
    expect(await replaying(disabled)).toMatchObject({ outcome: 'error', aboutKey: true });
    expect(await ask(baseQuery('tokio fake-too_many'))).toMatchObject({
      outcome: 'blocked',
      reason: expect.stringMatching(
        /^the key has no quota left \(429: You exceeded .*\); try again in 37 s$/,
      ),
    });
    const blocked = { promptFeedback: { blockReason: 'SAFETY' }, usageMetadata: {} };
    expect(await replaying({ status: 200, json: blocked })).toEqual({
      outcome: 'error',
      reason: 'refused the question (SAFETY)',
    });
    const overloaded = {
      status: 503,
      json: {
        error: {
          code: 503,
          message: 'The model is overloaded. Please try again later.',
          status: 'UNAVAILABLE',
        },
      },
    };
    expect(await replaying(overloaded)).toEqual({
      outcome: 'error',
      reason:
        'is overloaded (503: The model is overloaded. Please try again later.); try again shortly',
    });
  });
});
