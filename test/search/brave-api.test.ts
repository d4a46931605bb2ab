import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { braveApi } from '../../src/search/providers/brave-api.js';
import type { ApiFake } from '../fakes/api-fake.js';
import { BRAVE_TEST_KEY, startBraveApiFake } from '../fakes/brave-api-fake.js';
import { type AskApiOptions, askApi, golden, shaped } from './ask-api.js';
import { providerContract } from './provider-contract.js';

providerContract({
  provider: braveApi,
  start: () => startBraveApiFake(),
  endpoint: (base) => `${base}/res/v1/web/search`,
  expectFreshnessWeek: (request) => expect(request.params.get('freshness')).toBe('pw'),
  expectSite: (request) => expect(request.params.get('q')).toBe('tokio site:docs.rs'),
  dated: true,
  api: {
    key: BRAVE_TEST_KEY,
    header: 'X-Subscription-Token',
    refused: /^refused the key \(422: SUBSCRIPTION_TOKEN_INVALID\)$/,
  },
});

describe('brave_api', () => {
  let fake: ApiFake;
  beforeAll(async () => {
    fake = await startBraveApiFake();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.replay = undefined;
  });
  const ask = (options: Partial<AskApiOptions> = {}) =>
    askApi(braveApi, {
      endpoint: `${fake.url}/res/v1/web/search`,
      key: BRAVE_TEST_KEY,
      ...options,
    });
  const errorReply = (status: number, code: string, meta: object) => ({
    status,
    json: { type: 'ErrorResponse', error: { status, code, detail: `${code} detail`, meta } },
  });

  it("reads the format file's answer: <strong> marks dropped, page_age as the date", async () => {
    fake.replay = { status: 200, json: golden('brave_api', 'response.json') };
    expect(shaped(await ask())).toEqual(golden('brave_api', 'expected.json'));
  });

  it('asks for ten plain-text results in the language and safe search of the settings', async () => {
    await ask({ query: { language: 'de-DE', safesearch: 'strict' } });
    expect(Object.fromEntries(fake.requests.at(-1)?.params ?? [])).toMatchObject({
      count: '10',
      text_decorations: 'false',
      safesearch: 'strict',
      search_lang: 'de',
      country: 'DE',
    });
  });

  it('says a spent monthly quota, which rests the provider', async () => {
    fake.replay = errorReply(429, 'RATE_LIMITED', { quota_limit: 2000, quota_current: 2000 });
    expect(await ask()).toEqual({
      outcome: 'blocked',
      reason: 'the key used up its monthly quota (429)',
      aboutKey: true,
    });
  });

  it('reads a quota_limit of 0 as no monthly cap: the 429 is the rate', async () => {
    fake.replay = errorReply(429, 'RATE_LIMITED', { quota_limit: 0, quota_current: 99 });
    expect(await ask()).toEqual({
      outcome: 'blocked',
      reason: 'rate limited (429: RATE_LIMITED detail)',
    });
  });

  it('tells a refused search from a refused key', async () => {
    fake.replay = errorReply(422, 'VALIDATION', {});
    expect(await ask()).toEqual({
      outcome: 'error',
      reason: 'refused the search (422: VALIDATION detail)',
    });
  });
});
