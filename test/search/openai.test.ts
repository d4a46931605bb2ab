import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readOpenAiResponse,
  withoutOpenAiTag,
} from '../../src/search/hosted-search/openai-answer.js';
import type { ProviderQuery } from '../../src/search/provider.js';
import { openai } from '../../src/search/providers/openai.js';
import { shapeSources } from '../../src/search/shape-sources.js';
import { defaultSettings } from '../../src/settings/schema.js';
import type { ApiFake } from '../fakes/api-fake.js';
import { type Canned, CLOUDFLARE_CHALLENGE } from '../fakes/hosted-fake.js';
import { OPENAI_TEST_KEY, openAiError, startOpenAiFake } from '../fakes/openai-fake.js';
import { baseQuery, providerContract } from './provider-contract.js';

const bodyOf = (request: { params: URLSearchParams } | undefined) =>
  JSON.parse(request?.params.get('json') ?? '{}');

providerContract({
  provider: openai,
  start: startOpenAiFake,
  endpoint: (base) => `${base}/v1/responses`,
  expectFreshnessWeek: (request) => expect(request.params.get('q')).toMatch(/the past week/),
  expectSite: (request) =>
    expect(bodyOf(request).tools[0].filters).toEqual({ allowed_domains: ['docs.rs'] }),
  api: {
    key: OPENAI_TEST_KEY,
    header: 'Authorization',
    refused: /^refused the key \(401: Incorrect API key provided: [\w-]{8}\*+\w{4}\. You can find/,
  },
});

/** The non-streamed response of the reference file (openai-responses-web-search.md). */
const GOLDEN = JSON.parse(
  readFileSync(join(import.meta.dirname, '../fixtures/hosted-search/openai-response.json'), 'utf8'),
);

const textResponse = (text: string, annotations: unknown[], searched = true) => ({
  status: 'completed',
  output: [
    ...(searched
      ? [{ type: 'web_search_call', status: 'completed', action: { type: 'search', sources: [] } }]
      : []),
    {
      type: 'message',
      role: 'assistant',
      content: [{ type: 'output_text', text, annotations }],
    },
  ],
});

describe('openai', () => {
  let fake: ApiFake;
  beforeAll(async () => {
    fake = await startOpenAiFake();
  });
  afterAll(() => fake.close());

  const ask = (query: ProviderQuery, key: string | null = OPENAI_TEST_KEY) =>
    openai.search(query, {
      endpoint: `${fake.url}/v1/responses`,
      settings: { ...defaultSettings(), openai_search_model: 'gpt-5-nano' },
      ...(key ? { key } : {}),
      signal: AbortSignal.timeout(3_000),
      fetch,
      now: Date.now,
    });

  const replaying = async (canned: Canned, query = baseQuery('tokio')) => {
    fake.replay = canned;
    try {
      return await ask(query);
    } finally {
      fake.replay = undefined;
    }
  };

  it('asks the Responses API for a forced web search, with the key in one header only', async () => {
    await ask(baseQuery('tokio release', { language: 'de-DE' }));
    const request = fake.requests.at(-1);
    expect(request?.path).toBe('/v1/responses');
    expect(request?.headers.authorization).toBe(`Bearer ${OPENAI_TEST_KEY}`);
    expect(request?.params.toString()).not.toContain(OPENAI_TEST_KEY);
    expect(bodyOf(request)).toMatchObject({
      model: 'gpt-5-nano',
      tools: [{ type: 'web_search' }],
      tool_choice: 'required',
      include: ['web_search_call.action.sources'],
      store: false,
    });
    expect(bodyOf(request).input).toMatch(/^Query: tokio release$/m);
    expect(bodyOf(request).input).toMatch(/de-DE/);
  });

  it('reads the reference response: cited passage, then what the search found, without the utm tag', async () => {
    const answer = await replaying({ status: 200, json: GOLDEN });
    expect(answer).toMatchObject({
      outcome: 'ok',
      answer:
        'The latest release is Tokio 1.45, published in August 2026 ([tokio.rs](https://tokio.rs/blog/2026-08-tokio-1-45)).',
    });
    if (answer.outcome !== 'ok') return;
    expect(
      shapeSources(answer.sources, { maxResults: 10, snippetChars: 300, markup: 'text' }),
    ).toEqual([
      {
        title: 'Announcing Tokio 1.45',
        url: 'https://tokio.rs/blog/2026-08-tokio-1-45',
        snippet: 'The latest release is Tokio 1.45, published in August 2026',
      },
      { title: 'github.com', url: 'https://github.com/tokio-rs/tokio/releases', snippet: '' },
    ]);
  });

  it('finds the cited span whether offsets count code points or UTF-16 units', () => {
    const link = '([crates.io](https://crates.io/crates/tokio?utm_source=openai))';
    const text = `🦀 Tokio 1.45 is out ${link}.\n- **Tokio** is fast 😀 ${link}`;
    const firstStart = Array.from(text).indexOf('(');
    const secondUnit = text.lastIndexOf(link);
    const secondPoint = Array.from(text.slice(0, secondUnit)).length;
    const citation = (start: number) => ({
      type: 'url_citation',
      start_index: start,
      end_index: start + link.length,
      url: 'https://crates.io/crates/tokio?utm_source=openai',
      title: 'tokio',
    });
    for (const second of [secondPoint, secondUnit]) {
      const answer = readOpenAiResponse(
        textResponse(text, [citation(firstStart), citation(second)]),
      );
      expect(answer.outcome === 'ok' && answer.sources.map((source) => source.snippet)).toEqual([
        '🦀 Tokio 1.45 is out',
        'Tokio is fast 😀',
      ]);
    }
  });

  it('keeps a citation whose offsets fall outside the text, without a snippet', () => {
    const answer = readOpenAiResponse(
      textResponse('Short.', [
        {
          type: 'url_citation',
          start_index: 50,
          end_index: 90,
          url: 'https://a.example/',
          title: 'A',
        },
      ]),
    );
    expect(answer).toMatchObject({
      outcome: 'ok',
      sources: [{ title: 'A', url: 'https://a.example/', snippet: '' }],
    });
  });

  it('strips only the utm_source=openai tag from addresses in the answer', () => {
    expect(
      withoutOpenAiTag(
        'a https://x.example/?utm_source=openai b https://x.example/?a=1&utm_source=openai&b=2 c https://x.example/p?k=v&utm_source=openai)',
      ),
    ).toBe('a https://x.example/ b https://x.example/?a=1&b=2 c https://x.example/p?k=v)');
  });

  it('refuses an answer that never searched', async () => {
    const memory = textResponse(
      'Tokio 1.45 came out in 2026 ([tokio.rs](https://tokio.rs/)).',
      [
        {
          type: 'url_citation',
          start_index: 28,
          end_index: 59,
          url: 'https://tokio.rs/',
          title: 'Tokio',
        },
      ],
      false,
    );
    const answer = await replaying({ status: 200, json: memory });
    expect(answer).toEqual({
      outcome: 'error',
      reason: 'answered without searching the web, so its answer was refused',
    });
  });

  it('checks its key before touching the network', async () => {
    const before = fake.requests.length;
    const answer = await ask(baseQuery('tokio'), null);
    expect(answer).toMatchObject({
      outcome: 'error',
      reason: expect.stringMatching(/^no key: set OPENAI_API_KEY/),
    });
    expect(fake.requests.length).toBe(before);
  });

  it('says a rate limit with when to try again, and a spent quota apart', async () => {
    expect(await ask(baseQuery('tokio fake-too_many'))).toMatchObject({
      outcome: 'blocked',
      reason: expect.stringMatching(/^rate limited \(429: .*Please try again in 2\.4s\.\)$/),
    });
    const quota = {
      status: 429,
      json: {
        error: {
          message: 'You exceeded your current quota, please check your plan and billing details.',
          type: 'insufficient_quota',
          param: null,
          code: 'insufficient_quota',
        },
      },
    };
    expect(await replaying(quota)).toMatchObject({
      outcome: 'blocked',
      reason: expect.stringMatching(/^the key has no quota left \(429: You exceeded/),
      aboutKey: true,
    });
  });

  it('classifies a 200 whose body holds a failed response', async () => {
    const failed = {
      status: 'failed',
      output: [],
      error: { code: 'rate_limit_exceeded', message: 'Rate limit reached for gpt-5-mini.' },
    };
    expect(await replaying({ status: 200, json: failed })).toEqual({
      outcome: 'blocked',
      reason: 'rate limited (rate_limit_exceeded: Rate limit reached for gpt-5-mini.)',
    });
    const broken = { ...failed, error: { code: 'server_error', message: 'Something broke.' } };
    expect(await replaying({ status: 200, json: broken })).toEqual({
      outcome: 'error',
      reason: 'answered 200 with an error (server_error: Something broke.)',
    });
  });

  it('says a bot check in front of the API, and a refused country apart from a refused key', async () => {
    expect(await replaying(CLOUDFLARE_CHALLENGE)).toEqual({
      outcome: 'challenged',
      reason: 'challenged by a bot check in front of the API',
    });
    const region = openAiError(
      403,
      'Country, region, or territory not supported',
      'request_forbidden',
      'unsupported_country_region_territory',
    );
    expect(await replaying(region)).toEqual({
      outcome: 'blocked',
      reason:
        "refuses this server's country or region (403: Country, region, or territory not supported)",
    });
    const forbidden = openAiError(
      403,
      'You are not allowed to sample from this model',
      'invalid_request_error',
      'model_not_found',
    );
    expect(await replaying(forbidden)).toMatchObject({ outcome: 'error', aboutKey: true });
  });

  it('finds nothing when the search found nothing, and says a refusal', async () => {
    expect(await ask(baseQuery('nothing fake-empty'))).toEqual({
      outcome: 'no_results',
      reason: 'searched but found nothing it could cite',
    });
    const refusal = {
      status: 'completed',
      output: [
        { type: 'web_search_call', status: 'completed', action: { type: 'search' } },
        { type: 'message', content: [{ type: 'refusal', refusal: "I can't help with that." }] },
      ],
    };
    expect(await replaying({ status: 200, json: refusal })).toEqual({
      outcome: 'error',
      reason: "refused to answer: I can't help with that.",
    });
  });
});
