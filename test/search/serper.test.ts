import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serper } from '../../src/search/providers/serper.js';
import { type ApiFake, jsonBodyOf } from '../fakes/api-fake.js';
import { SERPER_NO_CREDITS, SERPER_TEST_KEY, startSerperFake } from '../fakes/serper-fake.js';
import { type AskApiOptions, askApi, golden, shaped } from './ask-api.js';
import { providerContract } from './provider-contract.js';

providerContract({
  provider: serper,
  start: () => startSerperFake(),
  endpoint: (base) => `${base}/search`,
  expectFreshnessWeek: (request) => expect(jsonBodyOf(request)?.tbs).toBe('qdr:w'),
  expectSite: (request) => expect(jsonBodyOf(request)?.q).toBe('tokio site:docs.rs'),
  dated: true,
  api: {
    key: SERPER_TEST_KEY,
    header: 'X-API-KEY',
    refused: /^refused the key \(403: Unauthorized\.\)$/,
  },
});

describe('serper', () => {
  let fake: ApiFake;
  beforeAll(async () => {
    fake = await startSerperFake();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.replay = undefined;
  });
  const ask = (options: Partial<AskApiOptions> = {}) =>
    askApi(serper, { endpoint: `${fake.url}/search`, key: SERPER_TEST_KEY, ...options });

  it("reads the format file's answer", async () => {
    fake.replay = { status: 200, json: golden('serper', 'response.json') };
    expect(shaped(await ask())).toEqual(golden('serper', 'expected.json'));
  });

  it('sends ten results (one credit) in the language and country of the settings', async () => {
    await ask({ query: { language: 'de-AT' } });
    expect(jsonBodyOf(fake.requests.at(-1) as never)).toEqual({
      q: 'tokio',
      num: 10,
      hl: 'de',
      gl: 'at',
    });
  });

  it('reads its 400 "Not enough credits" by the body, and rests', async () => {
    fake.replay = SERPER_NO_CREDITS;
    expect(await ask()).toEqual({
      outcome: 'blocked',
      reason: 'not enough credits (400)',
      aboutKey: true,
    });
  });

  it('reads any other 400 as a failed search', async () => {
    fake.replay = { status: 400, json: { message: 'Missing query parameter', statusCode: 400 } };
    expect(await ask()).toEqual({
      outcome: 'error',
      reason: 'answered HTTP 400: Missing query parameter',
    });
  });
});
