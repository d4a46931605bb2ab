import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Provider, ProviderAnswer, ProviderQuery } from '../../src/search/provider.js';
import { shapeSources } from '../../src/search/shape-sources.js';
import { defaultSettings, type Settings } from '../../src/settings/schema.js';
import { expectedUrls } from '../fakes/corpus.js';
import {
  closedPort,
  type FakeServer,
  type RecordedRequest,
  startFake,
} from '../fakes/http-fake.js';

export interface ContractOptions {
  provider: Provider;
  start: () => Promise<FakeServer>;
  /** The endpoint to hand the provider, given the fake's base URL. */
  endpoint: (base: string) => string;
  /** What the provider must send for `freshness: week` and `site: docs.rs`. */
  expectFreshnessWeek: (request: RecordedRequest) => void;
  expectSite: (request: RecordedRequest) => void;
  /** Whether the engine's page shows publication dates the provider must read. */
  dated?: boolean;
  /** Settings the provider needs besides its endpoint (Google's engine id). */
  settings?: Partial<Settings>;
  /**
   * For a keyed API: the key the fake takes, the header it travels in, and
   * how a refused key is said.
   */
  api?: { key: string; header: string; refused: RegExp };
}

export const baseQuery = (text: string, extra: Partial<ProviderQuery> = {}): ProviderQuery => ({
  text,
  maxResults: 10,
  language: 'en-US',
  safesearch: 'moderate',
  ...extra,
});

/**
 * What every search provider must do against a fake of its engine: read
 * results in the one shape, and classify every failure instead of throwing.
 */
export function providerContract(options: ContractOptions): void {
  const { provider } = options;

  describe(`${provider.name} (provider contract)`, () => {
    let fake: FakeServer;
    beforeAll(async () => {
      fake = await options.start();
    });
    afterAll(() => fake.close());

    const ask = (
      query: ProviderQuery,
      timeoutMs = 3_000,
      endpoint?: string,
      key = options.api?.key,
    ): Promise<ProviderAnswer> =>
      provider.search(query, {
        endpoint: endpoint ?? options.endpoint(fake.url),
        settings: { ...defaultSettings(), ...options.settings },
        ...(key ? { key } : {}),
        signal: AbortSignal.timeout(timeoutMs),
        fetch,
        now: () => Date.parse('2026-11-30T12:00:00Z'),
      });

    const lastRequest = (): RecordedRequest => {
      const request = fake.requests.at(-1);
      if (!request) throw new Error('the provider sent no request');
      return request;
    };

    it('reads the results page into sources, without ads', async () => {
      const answer = await ask(baseQuery('rust async runtime'));
      expect(answer.outcome).toBe('ok');
      if (answer.outcome !== 'ok') return;
      const sources = shapeSources(answer.sources, {
        maxResults: 10,
        snippetChars: 300,
        ...(answer.markup ? { markup: answer.markup } : {}),
      });
      expect(sources.map((source) => source.url)).toEqual(expectedUrls());
      expect(sources[0]?.title).toBe('Tokio & "friends": rust async runtime');
      expect(sources[0]?.snippet).toBe(
        'Tokio is an asynchronous runtime <for> rust async runtime.',
      );
      expect(sources[2]?.title).toBe('Ünïcödé — straße');
      expect(sources[4]?.snippet.length).toBeLessThanOrEqual(300);
      expect(sources[4]?.snippet.endsWith('…')).toBe(true);
      expect(JSON.stringify(sources)).not.toMatch(/sponsored|ads\.example/i);
      if (options.dated) {
        expect(sources[0]?.published).toBe('2025-05-03');
        expect(sources[2]?.published).toBe('2024-01-29');
      }
    });

    it('sends the query as typed, non-ASCII included', async () => {
      await ask(baseQuery('straße 東京 "exact"'));
      expect(lastRequest().params.get('q')).toContain('straße 東京 "exact"');
    });

    it('maps freshness and site to its own parameters', async () => {
      await ask(baseQuery('tokio', { freshness: 'week' }));
      options.expectFreshnessWeek(lastRequest());
      await ask(baseQuery('tokio', { site: 'docs.rs' }));
      options.expectSite(lastRequest());
    });

    it('finds nothing on an empty results page', async () => {
      expect((await ask(baseQuery('nothing fake-empty'))).outcome).toBe('no_results');
    });

    it('recognises a bot check', async () => {
      const answer = await ask(baseQuery('tokio fake-challenge'));
      expect(answer).toMatchObject({
        outcome: 'challenged',
        reason: expect.stringMatching(/bot check/),
      });
    });

    it.each([
      ['forbidden', 403],
      ['too_many', 429],
    ])('is blocked on %s (%i)', async (scenario, status) => {
      const answer = await ask(baseQuery(`tokio fake-${scenario}`));
      expect(answer).toMatchObject({
        outcome: 'blocked',
        reason: expect.stringContaining(String(status)),
      });
    });

    it('reports a server error', async () => {
      const answer = await ask(baseQuery('tokio fake-server_error'));
      expect(answer).toMatchObject({ outcome: 'error', reason: expect.stringContaining('500') });
    });

    it('reports a page it cannot read as an error, not as no results', async () => {
      const answer = await ask(baseQuery('tokio fake-garbage'));
      expect(answer.outcome).toBe('error');
    });

    it('times out on a slow engine', async () => {
      const started = Date.now();
      const answer = await ask(baseQuery('tokio fake-slow'), 300);
      expect(answer.outcome).toBe('timeout');
      expect(Date.now() - started).toBeLessThan(2_000);
    });

    it('reports an engine that refuses connections', async () => {
      const closed = options.endpoint(`http://127.0.0.1:${await closedPort()}`);
      const answer = await ask(baseQuery('tokio'), 3_000, closed);
      expect(answer).toMatchObject({ outcome: 'error', reason: expect.stringMatching(/refused/) });
    });

    if (options.api) apiContract(options.api, ask, lastRequest, () => fake);
  });
}

/** What a keyed API's provider must do besides: say a refused key, and keep the key to its host. */
function apiContract(
  api: NonNullable<ContractOptions['api']>,
  ask: (
    query: ProviderQuery,
    timeoutMs?: number,
    endpoint?: string,
    key?: string,
  ) => Promise<ProviderAnswer>,
  lastRequest: () => RecordedRequest,
  fake: () => FakeServer,
): void {
  it('sends the key in its header, and nowhere else', async () => {
    await ask(baseQuery('tokio'));
    const request = lastRequest();
    expect(String(request.headers[api.header.toLowerCase()])).toContain(api.key);
    const elsewhere = { ...request.headers, [api.header.toLowerCase()]: '', authorization: '' };
    expect(JSON.stringify(elsewhere) + request.path + request.params.toString()).not.toContain(
      api.key,
    );
  });

  it.each([
    ['a wrong key', 'tokio', 'wrong-key-0000'],
    ['its own refusal', 'tokio fake-bad_key', api.key],
  ])('says the key was refused, on %s', async (_, text, key) => {
    const answer = await ask(baseQuery(text), 3_000, undefined, key);
    expect(answer).toMatchObject({ outcome: 'error', aboutKey: true });
    expect(answer.outcome !== 'ok' && 'reason' in answer && answer.reason).toMatch(api.refused);
    expect(JSON.stringify(answer)).not.toContain(key);
  });

  it('does not follow a redirect, so the key never reaches another host', async () => {
    const elsewhere = await startFake((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    try {
      fake().redirectTo = `${elsewhere.url}/collect`;
      const answer = await ask(baseQuery('tokio fake-redirect'));
      expect(answer).toMatchObject({ outcome: 'error', reason: expect.stringMatching(/redirect/) });
      expect(elsewhere.requests).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });
}
