import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAnthropicMessage } from '../../src/search/hosted-search/anthropic-answer.js';
import type { ProviderQuery } from '../../src/search/provider.js';
import { anthropic } from '../../src/search/providers/anthropic.js';
import { defaultSettings } from '../../src/settings/schema.js';
import { ANTHROPIC_TEST_KEY, anthropicError, startAnthropicFake } from '../fakes/anthropic-fake.js';
import type { ApiFake } from '../fakes/api-fake.js';
import { type Canned, CLOUDFLARE_CHALLENGE } from '../fakes/hosted-fake.js';
import { baseQuery, providerContract } from './provider-contract.js';

const bodyOf = (request: { params: URLSearchParams } | undefined) =>
  JSON.parse(request?.params.get('json') ?? '{}');

providerContract({
  provider: anthropic,
  start: startAnthropicFake,
  endpoint: (base) => `${base}/v1/messages`,
  dated: true,
  expectFreshnessWeek: (request) => expect(request.params.get('q')).toMatch(/the past week/),
  expectSite: (request) => expect(bodyOf(request).tools[0].allowed_domains).toEqual(['docs.rs']),
  api: {
    key: ANTHROPIC_TEST_KEY,
    header: 'x-api-key',
    refused: /^refused the key \(401: invalid x-api-key\)$/,
  },
});

/** The non-streamed message of the reference file (anthropic-web-search.md). */
const GOLDEN = JSON.parse(
  readFileSync(
    join(import.meta.dirname, '../fixtures/hosted-search/anthropic-message.json'),
    'utf8',
  ),
);
const NOW = Date.parse('2026-11-30T12:00:00Z');

/** The reference message with its search result replaced by the tool's error (reference: "Tool error inside a 200 response"). */
const withToolError = (code: string) => ({
  ...GOLDEN,
  content: [
    GOLDEN.content[1],
    {
      type: 'web_search_tool_result',
      tool_use_id: 'srvtoolu_01AbCdEfGhIjKlMnOpQrStUv',
      content: { type: 'web_search_tool_result_error', error_code: code },
    },
    { type: 'text', text: 'I could not search just now.', citations: null },
  ],
});

describe('anthropic', () => {
  let fake: ApiFake;
  beforeAll(async () => {
    fake = await startAnthropicFake();
  });
  afterAll(() => fake.close());

  const ask = (query: ProviderQuery, key: string | null = ANTHROPIC_TEST_KEY) =>
    anthropic.search(query, {
      endpoint: `${fake.url}/v1/messages`,
      settings: { ...defaultSettings(), anthropic_search_model: 'claude-haiku-4-5' },
      ...(key ? { key } : {}),
      signal: AbortSignal.timeout(3_000),
      fetch,
      now: () => NOW,
    });

  const replaying = async (canned: Canned) => {
    fake.replay = canned;
    try {
      return await ask(baseQuery('tokio'));
    } finally {
      fake.replay = undefined;
    }
  };

  it('asks Messages with the web search server tool, the key in x-api-key only', async () => {
    await ask(baseQuery('tokio release'));
    const request = fake.requests.at(-1);
    expect(request?.headers['x-api-key']).toBe(ANTHROPIC_TEST_KEY);
    expect(request?.headers['anthropic-version']).toBe('2023-06-01');
    expect(request?.headers.authorization).toBeUndefined();
    expect(bodyOf(request)).toMatchObject({
      model: 'claude-haiku-4-5',
      max_tokens: 2048,
      tools: [{ type: 'web_search_20250305', name: 'web_search', max_uses: 5 }],
    });
    expect(bodyOf(request).tools[0].allowed_domains).toBeUndefined();
    expect(bodyOf(request).messages[0].content).toMatch(/^Query: tokio release$/m);
  });

  it('reads the reference message: the answer after the search, citations then results', async () => {
    expect(await replaying({ status: 200, json: GOLDEN })).toEqual({
      outcome: 'ok',
      markup: 'text',
      answer: 'The most recent release is Tokio 1.45, released on August 18, 2026.',
      sources: [
        {
          title: 'Announcing Tokio 1.45 | Tokio',
          url: 'https://tokio.rs/blog/2026-08-tokio-1-45',
          snippet:
            'We are happy to announce the release of Tokio 1.45. This release adds new task APIs ',
          published: '2026-08-18',
        },
        {
          title: 'Announcing Tokio 1.45 | Tokio',
          url: 'https://tokio.rs/blog/2026-08-tokio-1-45',
          snippet: '',
          published: '2026-08-18',
        },
        {
          title: 'Releases · tokio-rs/tokio · GitHub',
          url: 'https://github.com/tokio-rs/tokio/releases',
          snippet: '',
        },
      ],
    });
  });

  it('refuses an answer that never searched', () => {
    const memory = {
      ...GOLDEN,
      content: [{ type: 'text', text: 'Tokio 1.45 is the latest release.', citations: null }],
      usage: { input_tokens: 20, output_tokens: 9 },
    };
    expect(readAnthropicMessage(memory, NOW)).toEqual({
      outcome: 'error',
      reason: 'answered without searching the web, so its answer was refused',
    });
  });

  it('classifies the search tool errors that arrive inside a 200 answer', async () => {
    expect(await replaying({ status: 200, json: withToolError('too_many_requests') })).toEqual({
      outcome: 'blocked',
      reason: 'its web search is rate limiting this key (too_many_requests)',
    });
    expect(readAnthropicMessage(withToolError('max_uses_exceeded'), NOW)).toEqual({
      outcome: 'error',
      reason: 'used up its searches without a result (max_uses_exceeded)',
    });
    expect(readAnthropicMessage(withToolError('something_new'), NOW)).toEqual({
      outcome: 'error',
      reason: 'its web search failed (something_new)',
    });
  });

  it('keeps what one search found when a later one failed', () => {
    const mixed = {
      ...GOLDEN,
      content: [...GOLDEN.content, ...withToolError('unavailable').content],
    };
    expect(readAnthropicMessage(mixed, NOW)).toMatchObject({ outcome: 'ok' });
  });

  it('checks its key before touching the network', async () => {
    const before = fake.requests.length;
    expect(await ask(baseQuery('tokio'), null)).toMatchObject({
      outcome: 'error',
      reason: expect.stringMatching(/^no key: set ANTHROPIC_API_KEY/),
    });
    expect(fake.requests.length).toBe(before);
  });

  it('says a key without permission, a bot check, a rate limit with its Retry-After, and an overload in plain words', async () => {
    const permission = anthropicError(
      403,
      'permission_error',
      'Your API key does not have permission to use the specified resource.',
    );
    expect(await replaying(permission)).toEqual({
      outcome: 'error',
      reason:
        'refused the key (403: Your API key does not have permission to use the specified resource.)',
      aboutKey: true,
    });
    expect(await replaying(CLOUDFLARE_CHALLENGE)).toMatchObject({ outcome: 'challenged' });
    expect(await ask(baseQuery('tokio fake-too_many'))).toMatchObject({
      outcome: 'blocked',
      reason: expect.stringMatching(/^rate limited \(429: .*\); try again in 17 s$/),
    });
    const overloaded = {
      status: 529,
      json: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
    };
    expect(await replaying(overloaded)).toEqual({
      outcome: 'error',
      reason: 'is overloaded (529: Overloaded); try again shortly',
    });
  });

  it('says a refusal, and a search that found nothing', async () => {
    const refused = {
      ...GOLDEN,
      content: [GOLDEN.content[1], { ...GOLDEN.content[2], content: [] }],
      stop_reason: 'refusal',
    };
    expect(readAnthropicMessage(refused, NOW)).toEqual({
      outcome: 'error',
      reason: 'refused to answer',
    });
    expect(await ask(baseQuery('nothing fake-empty'))).toEqual({
      outcome: 'no_results',
      reason: 'searched but found nothing',
    });
  });
});
