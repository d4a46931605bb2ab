import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tavily } from '../../src/search/providers/tavily.js';
import { type ApiFake, jsonBodyOf } from '../fakes/api-fake.js';
import { startTavilyFake, TAVILY_TEST_KEY } from '../fakes/tavily-fake.js';
import { askApi, golden, shaped } from './ask-api.js';
import { providerContract } from './provider-contract.js';

providerContract({
  provider: tavily,
  start: () => startTavilyFake(),
  endpoint: (base) => `${base}/search`,
  expectFreshnessWeek: (request) => expect(jsonBodyOf(request)?.time_range).toBe('week'),
  expectSite: (request) => {
    expect(jsonBodyOf(request)?.include_domains).toEqual(['docs.rs']);
    expect(jsonBodyOf(request)?.query).toBe('tokio');
  },
  api: {
    key: TAVILY_TEST_KEY,
    header: 'Authorization',
    refused: /^refused the key \(401: Unauthorized: missing or invalid API key\.\)$/,
  },
});

describe('tavily', () => {
  let fake: ApiFake;
  beforeAll(async () => {
    fake = await startTavilyFake();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.replay = undefined;
  });
  const ask = (text = 'tokio') =>
    askApi(tavily, { endpoint: `${fake.url}/search`, key: TAVILY_TEST_KEY, text });
  const detail = (status: number, error: string) => ({ status, json: { detail: { error } } });

  it("reads the format file's answer: its answer becomes the result's", async () => {
    fake.replay = { status: 200, json: golden('tavily', 'response.json') };
    expect(shaped(await ask())).toEqual(golden('tavily', 'expected.json'));
  });

  it('asks for an answer and ten results of a basic search', async () => {
    const answer = shaped(await ask('rust async runtime'));
    expect(answer.answer).toBe('Tokio is the most widely used runtime for rust async runtime.');
    expect(jsonBodyOf(fake.requests.at(-1) as never)).toEqual({
      query: 'rust async runtime',
      search_depth: 'basic',
      topic: 'general',
      max_results: 10,
      include_answer: true,
    });
  });

  it.each([
    [432, 'the key reached its limit (432: This request exceeds your plan.)'],
    [433, 'the key reached its pay-as-you-go limit (433: This request exceeds your plan.)'],
  ])('says a spent key on its own status %i, which rests the provider', async (status, reason) => {
    fake.replay = detail(status, 'This request exceeds your plan.');
    expect(await ask()).toEqual({ outcome: 'blocked', reason, aboutKey: true });
  });

  it('says when a rate-limited search may try again', async () => {
    expect(await ask('tokio fake-too_many')).toEqual({
      outcome: 'blocked',
      reason: 'rate limited (429: Rate limit exceeded. Please try again later.); try again in 30 s',
    });
  });
});
