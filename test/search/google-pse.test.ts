import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { googlePse } from '../../src/search/providers/google-pse.js';
import type { ApiFake } from '../fakes/api-fake.js';
import {
  GOOGLE_DAILY_QUOTA,
  GOOGLE_TEST_CX,
  GOOGLE_TEST_KEY,
  startGooglePseFake,
} from '../fakes/google-pse-fake.js';
import { type AskApiOptions, askApi, golden, shaped } from './ask-api.js';
import { providerContract } from './provider-contract.js';

providerContract({
  provider: googlePse,
  start: () => startGooglePseFake(),
  endpoint: (base) => `${base}/customsearch/v1`,
  settings: { google_pse_cx: GOOGLE_TEST_CX },
  expectFreshnessWeek: (request) => expect(request.params.get('dateRestrict')).toBe('w1'),
  expectSite: (request) => {
    expect(request.params.get('siteSearch')).toBe('docs.rs');
    expect(request.params.get('q')).toBe('tokio');
  },
  api: {
    key: GOOGLE_TEST_KEY,
    header: 'X-Goog-Api-Key',
    refused: /^refused the key \(400: API key not valid\. Please pass a valid API key\.\)$/,
  },
});

describe('google_pse', () => {
  let fake: ApiFake;
  beforeAll(async () => {
    fake = await startGooglePseFake();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.replay = undefined;
  });
  const ask = (options: Partial<AskApiOptions> = {}) =>
    askApi(googlePse, {
      endpoint: `${fake.url}/customsearch/v1`,
      key: GOOGLE_TEST_KEY,
      settings: { google_pse_cx: GOOGLE_TEST_CX },
      ...options,
    });

  it("reads the format file's answer", async () => {
    fake.replay = { status: 200, json: golden('google_pse', 'response.json') };
    expect(shaped(await ask())).toEqual(golden('google_pse', 'expected.json'));
  });

  it('sends the engine id, ten results and safe search; the key only as a header', async () => {
    await ask({ query: { safesearch: 'moderate', language: 'de-DE' } });
    const params = Object.fromEntries(fake.requests.at(-1)?.params ?? []);
    expect(params).toMatchObject({ cx: GOOGLE_TEST_CX, num: '10', safe: 'active', hl: 'de-DE' });
    expect(params).not.toHaveProperty('key');
  });

  it('says a spent daily quota, which rests the provider', async () => {
    fake.replay = GOOGLE_DAILY_QUOTA;
    expect(await ask()).toEqual({
      outcome: 'blocked',
      reason: 'the key used up its daily quota (429)',
      aboutKey: true,
    });
  });

  it('reads a per-minute quota as the rate', async () => {
    expect(await ask({ text: 'tokio fake-too_many' })).toMatchObject({
      outcome: 'blocked',
      reason: expect.stringMatching(/^rate limited \(429: Quota exceeded .*Queries per minute/),
    });
  });

  it('reads a 403 (a restricted key, the API not enabled) as a refused key', async () => {
    fake.replay = {
      status: 403,
      json: {
        error: {
          code: 403,
          message: 'This project does not have the access to Custom Search JSON API.',
          status: 'PERMISSION_DENIED',
        },
      },
    };
    expect(await ask()).toEqual({
      outcome: 'error',
      reason:
        'refused the key (403: This project does not have the access to Custom Search JSON API.)',
      aboutKey: true,
    });
  });
});
