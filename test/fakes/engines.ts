import { defaultSettings, type Settings } from '../../src/settings/schema.js';
import { ANTHROPIC_TEST_KEY, startAnthropicFake } from './anthropic-fake.js';
import type { ApiFake } from './api-fake.js';
import { startBingHtmlFake } from './bing-html-fake.js';
import { BRAVE_TEST_KEY, startBraveApiFake } from './brave-api-fake.js';
import { startBraveHtmlFake } from './brave-html-fake.js';
import { startDuckDuckGoFake } from './duckduckgo-fake.js';
import { EXA_TEST_KEY, startExaFake } from './exa-fake.js';
import { GEMINI_TEST_KEY, startGeminiFake } from './gemini-fake.js';
import { GOOGLE_TEST_CX, GOOGLE_TEST_KEY, startGooglePseFake } from './google-pse-fake.js';
import type { FakeServer } from './http-fake.js';
import { KEENABLE_TEST_KEY, startKeenableFake } from './keenable-fake.js';
import { OPENAI_TEST_KEY, startOpenAiFake } from './openai-fake.js';
import { type SearxngFake, startSearxngFake } from './searxng-fake.js';
import { SERPER_TEST_KEY, startSerperFake } from './serper-fake.js';
import { startTavilyFake, TAVILY_TEST_KEY } from './tavily-fake.js';

/** The keyed search APIs and hosted searches, with the key each fake takes and the variable it is read from. */
export const KEYED_APIS = {
  brave_api: { env: 'BRAVE_API_KEY', key: BRAVE_TEST_KEY, path: '/res/v1/web/search' },
  tavily: { env: 'TAVILY_API_KEY', key: TAVILY_TEST_KEY, path: '/search' },
  exa: { env: 'EXA_API_KEY', key: EXA_TEST_KEY, path: '/search' },
  serper: { env: 'SERPER_API_KEY', key: SERPER_TEST_KEY, path: '/search' },
  google_pse: { env: 'GOOGLE_API_KEY', key: GOOGLE_TEST_KEY, path: '/customsearch/v1' },
  keenable: { env: 'KEENABLE_API_KEY', key: KEENABLE_TEST_KEY, path: '/v1/search' },
  openai: { env: 'OPENAI_API_KEY', key: OPENAI_TEST_KEY, path: '/v1/responses' },
  anthropic: { env: 'ANTHROPIC_API_KEY', key: ANTHROPIC_TEST_KEY, path: '/v1/messages' },
  gemini: { env: 'GEMINI_API_KEY', key: GEMINI_TEST_KEY, path: '/v1beta' },
} as const;
export type KeyedApi = keyof typeof KEYED_APIS;
const KEYED_NAMES = Object.keys(KEYED_APIS) as KeyedApi[];

/** One fake of every engine, for tests of the chain and of the CLI. */
export interface EngineFakes {
  searxng: SearxngFake;
  duckduckgo: FakeServer;
  brave: FakeServer;
  bing: FakeServer;
  /** The keyed APIs' fakes, by provider name. */
  apis: Record<KeyedApi, ApiFake>;
  all: FakeServer[];
  /**
   * Settings pointing every engine and API at its fake (SearXNG only when
   * asked). Keys are not settings: see `keyEnv`.
   */
  settings(overrides?: Partial<Settings>): Settings;
  /** The same as `LOOKOUT_*` variables, for a CLI run. */
  env(withSearxng?: boolean): Record<string, string>;
  /** The keys every API fake takes, as the environment variables they are read from. */
  keyEnv(): Record<string, string>;
  reset(): void;
  close(): Promise<void>;
}

/** `keys`: the key each API fake takes instead of its test key (the key-leak test's own). */
export async function startEngineFakes(
  keys: Partial<Record<KeyedApi, string>> = {},
): Promise<EngineFakes> {
  const keyOf = (name: KeyedApi) => keys[name] ?? KEYED_APIS[name].key;
  const [searxng, duckduckgo, brave, bing, ...apiFakes] = await Promise.all([
    startSearxngFake(),
    startDuckDuckGoFake(),
    startBraveHtmlFake(),
    startBingHtmlFake(),
    startBraveApiFake(keyOf('brave_api')),
    startTavilyFake(keyOf('tavily')),
    startExaFake(keyOf('exa')),
    startSerperFake(keyOf('serper')),
    startGooglePseFake(keyOf('google_pse')),
    startKeenableFake(keyOf('keenable')),
    startOpenAiFake(keyOf('openai')),
    startAnthropicFake(keyOf('anthropic')),
    startGeminiFake(keyOf('gemini')),
  ]);
  const apis = Object.fromEntries(
    KEYED_NAMES.map((name, index) => [name, apiFakes[index] as ApiFake]),
  ) as Record<KeyedApi, ApiFake>;
  const all = [searxng, duckduckgo, brave, bing, ...apiFakes];
  const redirectTo = searxng.redirectTo;
  const urls = {
    duckduckgo_url: `${duckduckgo.url}/html/`,
    brave_html_url: `${brave.url}/search`,
    bing_html_url: `${bing.url}/search`,
    ...Object.fromEntries(
      KEYED_NAMES.map((name) => [`${name}_url`, `${apis[name].url}${KEYED_APIS[name].path}`]),
    ),
    google_pse_cx: GOOGLE_TEST_CX,
  };
  return {
    searxng,
    duckduckgo,
    brave,
    bing,
    apis,
    all,
    settings: (overrides = {}) => ({ ...defaultSettings(), ...urls, ...overrides }),
    env: (withSearxng = false) => ({
      ...Object.fromEntries(
        Object.entries(urls).map(([name, value]) => [`LOOKOUT_${name.toUpperCase()}`, value]),
      ),
      ...(withSearxng ? { LOOKOUT_SEARXNG_URL: searxng.url } : {}),
    }),
    keyEnv: () =>
      Object.fromEntries(KEYED_NAMES.map((name) => [KEYED_APIS[name].env, keyOf(name)])),
    reset: () => {
      for (const fake of all) {
        fake.mode = undefined;
        fake.delayMs = 0;
        fake.requests.length = 0;
        fake.redirectTo = redirectTo;
      }
      for (const fake of apiFakes) {
        fake.replay = undefined;
        fake.minIntervalMs = 0;
      }
      searxng.jsonDisabled = false;
    },
    close: async () => {
      await Promise.all(all.map((fake) => fake.close()));
    },
  };
}
