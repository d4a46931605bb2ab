import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Cooldowns } from '../../src/search/cooldowns.js';
import { providerKeys } from '../../src/search/provider-keys.js';
import { createWebSearch, type WebSearch } from '../../src/search/web-search.js';
import type { Settings } from '../../src/settings/schema.js';
import type { SearchResult } from '../../src/types.js';
import { type EngineFakes, KEYED_APIS, startEngineFakes } from '../fakes/engines.js';

describe('the chain with keyed providers', () => {
  let fakes: EngineFakes;
  beforeAll(async () => {
    fakes = await startEngineFakes();
  });
  afterAll(() => fakes.close());
  beforeEach(() => fakes.reset());

  const service = (env: Record<string, string>, overrides: Partial<Settings> = {}): WebSearch =>
    createWebSearch({
      settings: fakes.settings(overrides),
      keys: providerKeys({ env }),
      cooldowns: new Cooldowns(),
    });
  const searched = async (search: WebSearch, query = 'tokio'): Promise<SearchResult> => {
    const outcome = await search.search({ query });
    if (!outcome.ok) throw new Error(`search failed: ${outcome.failure.message}`);
    return outcome.value;
  };
  const ORDER = { providers: ['tavily', 'brave_api', 'duckduckgo'] };

  it('falls through a refused key to the next provider, the reason and its source in the attempts', async () => {
    const search = service(
      { TAVILY_API_KEY: 'tvly-a-wrong-key', BRAVE_API_KEY: KEYED_APIS.brave_api.key },
      ORDER,
    );
    const result = await searched(search);
    expect(result.provider).toBe('brave_api');
    expect(result.attempts).toEqual([
      expect.objectContaining({
        provider: 'tavily',
        outcome: 'error',
        reason:
          'refused the key (401: Unauthorized: missing or invalid API key.); key from TAVILY_API_KEY',
      }),
      expect.objectContaining({ provider: 'brave_api', outcome: 'ok', results: 5 }),
    ]);
    expect(fakes.duckduckgo.requests).toHaveLength(0);
    // A refused key is fixed by a person, not by time: the provider does not rest.
    expect(search.cooldowns.snapshot()).toEqual({});
    expect(JSON.stringify(result)).not.toContain('tvly-a-wrong-key');
  });

  it('passes over a listed provider without its key, saying what it needs', async () => {
    const result = await searched(service({ TAVILY_API_KEY: KEYED_APIS.tavily.key }, ORDER));
    expect(result.attempts.map((attempt) => `${attempt.provider}:${attempt.outcome}`)).toEqual([
      'tavily:ok',
    ]);
    fakes.apis.tavily.mode = 'server_error';
    const next = await searched(service({ TAVILY_API_KEY: KEYED_APIS.tavily.key }, ORDER), 'next');
    expect(next.attempts).toEqual([
      expect.objectContaining({ provider: 'tavily', outcome: 'error' }),
      expect.objectContaining({
        provider: 'brave_api',
        outcome: 'no_key',
        reason: 'needs an API key (BRAVE_API_KEY or "brave_api" in the key file)',
      }),
      expect.objectContaining({ provider: 'duckduckgo', outcome: 'ok' }),
    ]);
  });

  it("carries Tavily's answer into the result", async () => {
    const result = await searched(service({ TAVILY_API_KEY: KEYED_APIS.tavily.key }), 'rust');
    expect(result.provider).toBe('tavily');
    expect(result.answer).toBe('Tokio is the most widely used runtime for rust.');
  });

  it('asks a provider whose key is set before the keyless engines; unset ones silently not', async () => {
    const result = await searched(service({ SERPER_API_KEY: KEYED_APIS.serper.key }));
    expect(result.attempts.map((attempt) => `${attempt.provider}:${attempt.outcome}`)).toEqual([
      'serper:ok',
    ]);
    expect(fakes.duckduckgo.requests).toHaveLength(0);
    expect(fakes.apis.brave_api.requests).toHaveLength(0);
  });

  it('rests a provider whose key is spent, naming the key', async () => {
    fakes.apis.tavily.replay = {
      status: 432,
      json: { detail: { error: 'This request exceeds your plan.' } },
    };
    const search = service({ TAVILY_API_KEY: KEYED_APIS.tavily.key });
    const result = await searched(search);
    expect(result.attempts[0]).toMatchObject({
      provider: 'tavily',
      outcome: 'blocked',
      reason:
        'the key reached its limit (432: This request exceeds your plan.); key from TAVILY_API_KEY',
    });
    expect(result.provider).toBe('duckduckgo');
    expect(Object.keys(search.cooldowns.snapshot())).toEqual(['tavily']);
  });

  it('names each keyed provider and its reason when none works', async () => {
    for (const fake of fakes.all) fake.mode = 'server_error';
    fakes.apis.brave_api.mode = 'bad_key';
    const outcome = await service({ BRAVE_API_KEY: KEYED_APIS.brave_api.key }).search({
      query: 'tokio',
    });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.failure.message).toMatch(
      /^no search provider works\. Tried brave_api: refused the key \(422: SUBSCRIPTION_TOKEN_INVALID\); key from BRAVE_API_KEY; duckduckgo: /,
    );
    expect(outcome.failure.message).not.toContain(KEYED_APIS.brave_api.key);
  });
});
