import { describe, expect, it } from 'vitest';
import { duckduckgo, resultTarget } from '../../src/search/providers/duckduckgo.js';
import { defaultSettings } from '../../src/settings/schema.js';
import { startDuckDuckGoFake } from '../fakes/duckduckgo-fake.js';
import { providerContract } from './provider-contract.js';

providerContract({
  provider: duckduckgo,
  start: startDuckDuckGoFake,
  endpoint: (base) => `${base}/html/`,
  expectFreshnessWeek: (request) => {
    expect(request.method).toBe('POST');
    expect(request.params.get('df')).toBe('w');
  },
  expectSite: (request) => expect(request.params.get('q')).toBe('tokio site:docs.rs'),
});

describe('duckduckgo links', () => {
  const page = 'https://html.duckduckgo.com/html/';

  it('unwraps uddg redirects, absolute and relative', () => {
    expect(resultTarget('//duckduckgo.com/l/?uddg=https%3A%2F%2Ftokio.rs%2F&rut=ab', page)).toBe(
      'https://tokio.rs/',
    );
    expect(resultTarget('/l/?kh=-1&uddg=https%3A%2F%2Fa.example%2Fx%3Fy%3D1', page)).toBe(
      'https://a.example/x?y=1',
    );
  });

  it('keeps direct links and drops ads and own pages', () => {
    expect(resultTarget('https://docs.rs/tokio/', page)).toBe('https://docs.rs/tokio/');
    expect(resultTarget('https://duckduckgo.com/y.js?ad_domain=x', page)).toBeUndefined();
    expect(resultTarget('/html/?q=next', page)).toBeUndefined();
  });

  it('sends the region and safe search of the settings', async () => {
    const fake = await startDuckDuckGoFake();
    try {
      await duckduckgo.search(
        { text: 'x', maxResults: 5, language: 'de-DE', safesearch: 'strict' },
        {
          endpoint: `${fake.url}/html/`,
          settings: defaultSettings(),
          signal: AbortSignal.timeout(3000),
          fetch,
          now: Date.now,
        },
      );
      const [request] = fake.requests;
      expect(request?.params.get('kl')).toBe('de-de');
      expect(request?.params.get('kp')).toBe('1');
      expect(request?.headers['user-agent']).toMatch(/Mozilla/);
    } finally {
      await fake.close();
    }
  });
});
