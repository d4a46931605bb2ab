import { defaultSettings, type Settings } from '../../src/settings/schema.js';
import { startBingHtmlFake } from './bing-html-fake.js';
import { startBraveHtmlFake } from './brave-html-fake.js';
import { startDuckDuckGoFake } from './duckduckgo-fake.js';
import type { FakeServer } from './http-fake.js';
import { type SearxngFake, startSearxngFake } from './searxng-fake.js';

/** One fake of every engine, for tests of the chain and of the CLI. */
export interface EngineFakes {
  searxng: SearxngFake;
  duckduckgo: FakeServer;
  brave: FakeServer;
  bing: FakeServer;
  all: FakeServer[];
  /** Settings pointing every keyless engine at its fake (SearXNG only when asked). */
  settings(overrides?: Partial<Settings>): Settings;
  /** The same as `LOOKOUT_*` variables, for a CLI run. */
  env(withSearxng?: boolean): Record<string, string>;
  reset(): void;
  close(): Promise<void>;
}

export async function startEngineFakes(): Promise<EngineFakes> {
  const [searxng, duckduckgo, brave, bing] = await Promise.all([
    startSearxngFake(),
    startDuckDuckGoFake(),
    startBraveHtmlFake(),
    startBingHtmlFake(),
  ]);
  const all = [searxng, duckduckgo, brave, bing];
  const urls = {
    duckduckgo_url: `${duckduckgo.url}/html/`,
    brave_html_url: `${brave.url}/search`,
    bing_html_url: `${bing.url}/search`,
  };
  return {
    searxng,
    duckduckgo,
    brave,
    bing,
    all,
    settings: (overrides = {}) => ({ ...defaultSettings(), ...urls, ...overrides }),
    env: (withSearxng = false) => ({
      LOOKOUT_DUCKDUCKGO_URL: urls.duckduckgo_url,
      LOOKOUT_BRAVE_HTML_URL: urls.brave_html_url,
      LOOKOUT_BING_HTML_URL: urls.bing_html_url,
      ...(withSearxng ? { LOOKOUT_SEARXNG_URL: searxng.url } : {}),
    }),
    reset: () => {
      for (const fake of all) {
        fake.mode = undefined;
        fake.delayMs = 0;
        fake.requests.length = 0;
      }
      searxng.jsonDisabled = false;
    },
    close: async () => {
      await Promise.all(all.map((fake) => fake.close()));
    },
  };
}
