import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keenable } from '../../src/search/providers/keenable.js';
import { type ApiFake, jsonBodyOf } from '../fakes/api-fake.js';
import { KEENABLE_TEST_KEY, startKeenableFake } from '../fakes/keenable-fake.js';
import { type AskApiOptions, askApi, golden, shaped } from './ask-api.js';
import { providerContract } from './provider-contract.js';

providerContract({
  provider: keenable,
  start: () => startKeenableFake(),
  endpoint: (base) => `${base}/v1/search`,
  expectFreshnessWeek: (request) => expect(jsonBodyOf(request)?.published_after).toBe('2026-11-23'),
  expectSite: (request) => expect(jsonBodyOf(request)?.site).toBe('docs.rs'),
  dated: true,
  api: {
    key: KEENABLE_TEST_KEY,
    header: 'X-API-Key',
    refused: /^refused the key \(401: Unauthorized: Invalid API key\)$/,
  },
});

describe('keenable', () => {
  let fake: ApiFake;
  beforeAll(async () => {
    fake = await startKeenableFake();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.replay = undefined;
  });
  const ask = (options: Partial<AskApiOptions> = {}) =>
    askApi(keenable, { endpoint: `${fake.url}/v1/search`, key: KEENABLE_TEST_KEY, ...options });

  it("reads the answer of its SDK's tests: snippet as text, published_at as the date", async () => {
    fake.replay = { status: 200, json: golden('keenable', 'response.json') };
    expect(shaped(await ask())).toEqual(golden('keenable', 'expected.json'));
  });

  it('searches without a key on its keyless endpoint, naming the client', async () => {
    const answer = await ask({ key: '' });
    expect(answer.outcome).toBe('ok');
    const request = fake.requests.at(-1);
    expect(request?.path).toBe('/v1/search/public');
    expect(request?.headers['x-keenable-title']).toBe('lookout');
    expect(request?.headers).not.toHaveProperty('x-api-key');
    expect(jsonBodyOf(request as never)).toEqual({ query: 'tokio' });
  });

  it('says the keyless hourly limit when it is reached, and that a key lifts it', async () => {
    expect(await ask({ key: '', text: 'tokio fake-too_many' })).toEqual({
      outcome: 'blocked',
      reason:
        'rate limited (429: Rate limit exceeded); try again in 900 s; without a key Keenable allows 1,000 searches an hour',
    });
  });

  it('reads a publication time given in Unix seconds', async () => {
    fake.replay = {
      status: 200,
      json: {
        results: [
          { url: 'https://a.example/', title: 'A', snippet: 'a', published_at: 1768435200 },
        ],
      },
    };
    expect(shaped(await ask()).sources[0]?.published).toBe('2026-01-15');
  });
});
