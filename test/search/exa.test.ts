import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { exa } from '../../src/search/providers/exa.js';
import { type ApiFake, jsonBodyOf } from '../fakes/api-fake.js';
import { EXA_NO_CREDITS, EXA_TEST_KEY, startExaFake } from '../fakes/exa-fake.js';
import { type AskApiOptions, askApi, golden, shaped } from './ask-api.js';
import { providerContract } from './provider-contract.js';

providerContract({
  provider: exa,
  start: () => startExaFake(),
  endpoint: (base) => `${base}/search`,
  // The contract's clock stands at 2026-11-30.
  expectFreshnessWeek: (request) =>
    expect(jsonBodyOf(request)?.startPublishedDate).toBe('2026-11-23'),
  expectSite: (request) => expect(jsonBodyOf(request)?.includeDomains).toEqual(['docs.rs']),
  dated: true,
  api: {
    key: EXA_TEST_KEY,
    header: 'x-api-key',
    refused: /^refused the key \(401: Invalid API key\)$/,
  },
});

describe('exa', () => {
  let fake: ApiFake;
  beforeAll(async () => {
    fake = await startExaFake();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.replay = undefined;
  });
  const ask = (options: Partial<AskApiOptions> = {}) =>
    askApi(exa, { endpoint: `${fake.url}/search`, key: EXA_TEST_KEY, ...options });

  it("reads the format file's answer: highlights as snippets, a null title as the host", async () => {
    fake.replay = { status: 200, json: golden('exa', 'response.json') };
    expect(shaped(await ask())).toEqual(golden('exa', 'expected.json'));
  });

  it('asks for highlights, ten results, and moderation for strict safe search', async () => {
    await ask({ query: { safesearch: 'strict' } });
    expect(jsonBodyOf(fake.requests.at(-1) as never)).toEqual({
      query: 'tokio',
      type: 'auto',
      numResults: 10,
      contents: { highlights: { maxCharacters: 600 } },
      moderation: true,
    });
  });

  it("joins a page's highlights, marking what lies between", async () => {
    fake.replay = {
      status: 200,
      json: {
        results: [
          { url: 'https://tokio.rs/', title: 'Tokio', highlights: ['First part.', 'Second part.'] },
        ],
      },
    };
    expect(shaped(await ask()).sources[0]?.snippet).toBe('First part. … Second part.');
  });

  it('says spent credits (402), which rests the provider', async () => {
    fake.replay = EXA_NO_CREDITS;
    expect(await ask()).toEqual({
      outcome: 'blocked',
      reason: 'the key has no credits left (402: You have run out of credits)',
      aboutKey: true,
    });
  });
});
