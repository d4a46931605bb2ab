import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as lookout from '../src/index.js';
import { type EngineFakes, startEngineFakes } from './fakes/engines.js';

describe('the library entry', () => {
  let fakes: EngineFakes;
  beforeAll(async () => {
    fakes = await startEngineFakes();
  });
  afterAll(() => fakes.close());

  it('searches with settings read from an environment', async () => {
    const settings = lookout.loadSettings({ ...fakes.env(true), LOOKOUT_SNIPPET_CHARS: '60' });
    const search = lookout.createWebSearch({ settings });
    const outcome = await search.search({ query: 'library', maxResults: 2 });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.value.provider).toBe('searxng');
    expect(outcome.value.sources).toHaveLength(2);
    expect(outcome.value.sources.every((source) => source.snippet.length <= 60)).toBe(true);
  });

  it('refuses bad settings with a LookoutError naming the variable', () => {
    expect(() => lookout.loadSettings({ LOOKOUT_LANGUAGE: 'english please' })).toThrow(
      expect.objectContaining({
        code: 'bad_setting',
        message: expect.stringContaining('LOOKOUT_LANGUAGE'),
      }),
    );
  });

  it('lists every provider in the registry', () => {
    expect(Object.keys(lookout.PROVIDERS)).toEqual([...lookout.PROVIDER_NAMES]);
  });
});
