import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { searchLimits } from '../../src/search/search-limits.js';
import { createWebSearch } from '../../src/search/web-search.js';
import { createApp } from '../../src/server/app.js';
import { type EngineFakes, startEngineFakes } from '../fakes/engines.js';

describe('search limits', () => {
  let fakes: EngineFakes;
  beforeAll(async () => {
    fakes = await startEngineFakes();
  });
  afterAll(() => fakes.close());
  beforeEach(() => fakes.reset());

  const service = (perUser: number, total: number) =>
    createWebSearch({ settings: fakes.settings(), limits: searchLimits({ perUser, total }) });

  it('limits each user, and answers cache hits for free', async () => {
    const search = service(2, 100);
    expect((await search.search({ query: 'one' }, { user: 'ann' })).ok).toBe(true);
    expect((await search.search({ query: 'two' }, { user: 'ann' })).ok).toBe(true);
    expect((await search.search({ query: 'one' }, { user: 'ann' })).ok).toBe(true);
    const third = await search.search({ query: 'three' }, { user: 'ann' });
    expect(third).toMatchObject({
      ok: false,
      failure: {
        code: 'rate_limited',
        message: expect.stringMatching(/of 2 a minute per user/),
        retryAfter: expect.any(Number),
      },
    });
    expect((await search.search({ query: 'three' }, { user: 'bob' })).ok).toBe(true);
    expect(fakes.duckduckgo.requests).toHaveLength(3);
  });

  it('limits everyone together, giving the search back to its user', async () => {
    const search = service(5, 2);
    await search.search({ query: 'a' }, { user: 'ann' });
    await search.search({ query: 'b' }, { user: 'bob' });
    const refused = await search.search({ query: 'c' }, { user: 'cid' });
    expect(refused).toMatchObject({
      ok: false,
      failure: { message: expect.stringMatching(/of 2 a minute for everyone/) },
    });
  });

  it('counts the provider test as one search', async () => {
    const search = service(1, 100);
    expect((await search.test('probe', { user: 'ann' })).ok).toBe(true);
    expect(await search.test('probe', { user: 'ann' })).toMatchObject({
      ok: false,
      failure: { code: 'rate_limited' },
    });
  });

  it('answers 429 with Retry-After over the API', async () => {
    const settings = fakes.settings();
    const app = createApp({
      settings,
      search: createWebSearch({ settings, limits: searchLimits({ perUser: 1, total: 10 }) }),
    });
    const post = (query: string) =>
      app.request('/api/search', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      });
    expect((await post('first')).status).toBe(200);
    const limited = await post('second');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
  });
});
