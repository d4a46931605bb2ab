import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { askProvider } from '../../src/search/ask-provider.js';
import type { Provider } from '../../src/search/provider.js';
import { NO_KEYS, providerKeys } from '../../src/search/provider-keys.js';
import { braveApi } from '../../src/search/providers/brave-api.js';
import { RequestPacing } from '../../src/search/request-pacing.js';
import { createWebSearch } from '../../src/search/web-search.js';
import { defaultSettings } from '../../src/settings/schema.js';
import type { ApiFake } from '../fakes/api-fake.js';
import { BRAVE_TEST_KEY, startBraveApiFake } from '../fakes/brave-api-fake.js';
import { askApi } from './ask-api.js';
import { baseQuery } from './provider-contract.js';

describe('request pacing', () => {
  let brave: ApiFake;
  beforeAll(async () => {
    brave = await startBraveApiFake();
  });
  afterAll(() => brave.close());
  beforeEach(() => {
    // Brave's free plan: a second request within a second draws a 429.
    brave.minIntervalMs = 950;
  });

  const endpoint = () => `${brave.url}/res/v1/web/search`;

  it('draws 429s from Brave when parallel searches are not paced (the fake holds the limit)', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const answers = await Promise.all(
      ['one', 'two', 'three'].map((text) =>
        askApi(braveApi, { endpoint: endpoint(), key: BRAVE_TEST_KEY, text }),
      ),
    );
    expect(answers.filter((answer) => answer.outcome === 'blocked')).toHaveLength(2);
  });

  it('queues parallel searches to Brave at 1 a second instead of drawing 429s', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const search = createWebSearch({
      settings: { ...defaultSettings(), brave_api_url: endpoint() },
      keys: providerKeys({ env: { BRAVE_API_KEY: BRAVE_TEST_KEY } }),
    });
    const started = Date.now();
    const outcomes = await Promise.all(
      ['one', 'two', 'three'].map((query) => search.search({ query, provider: 'brave_api' })),
    );
    expect(outcomes.map((outcome) => outcome.ok && outcome.value.attempts[0]?.outcome)).toEqual([
      'ok',
      'ok',
      'ok',
    ]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
  });

  it('gives up a turn that would come after the time is up, saying why', async () => {
    const slowRate: Provider = {
      name: 'exa',
      label: 'A provider with a slow published rate',
      endpoint: 'http://127.0.0.1:9/',
      needs: [],
      timeoutMs: 300,
      rate: { requests: 1, seconds: 60 },
      search: async () => ({ outcome: 'no_results' }),
    };
    const options = {
      settings: defaultSettings(),
      keys: NO_KEYS,
      pacing: new RequestPacing(),
      fetch,
      now: Date.now,
    };
    expect((await askProvider(slowRate, baseQuery('a'), options)).answer.outcome).toBe(
      'no_results',
    );
    const started = Date.now();
    const second = await askProvider(slowRate, baseQuery('b'), options);
    expect(second.answer).toEqual({
      outcome: 'timeout',
      reason: 'had no turn in 0.3 seconds under its rate limit (1 every 60 s)',
    });
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
