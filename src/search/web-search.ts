import { fail, type Outcome, succeed } from '../failure.js';
import type { Settings } from '../settings/schema.js';
import type { SearchRequest, SearchResult } from '../types.js';
import { runChain } from './chain.js';
import { Cooldowns } from './cooldowns.js';
import { type ProviderKeys, providerKeys } from './provider-keys.js';
import { isProviderName, PROVIDER_NAMES } from './provider-names.js';
import { providerOrder } from './provider-order.js';
import { PROVIDERS } from './providers/index.js';
import { checkRequest } from './query.js';
import { RequestPacing } from './request-pacing.js';
import { SearchCache } from './search-cache.js';
import type { SearchLimits } from './search-limits.js';
import { type ProviderTest, testProviders } from './test-providers.js';

export interface WebSearchOptions {
  settings: Readonly<Settings>;
  /**
   * Where providers' keys come from; by default the environment
   * (`BRAVE_API_KEY`, ...). The CLI and the server add the key file.
   */
  keys?: ProviderKeys;
  /** Keeps providers to their published rates; share one between services of one process. */
  pacing?: RequestPacing;
  fetch?: typeof fetch;
  now?: () => number;
  cooldowns?: Cooldowns;
  cache?: SearchCache;
  /** Limits on searches that reach the network; none in the CLI or the library by default. */
  limits?: SearchLimits;
}

export interface SearchCallOptions {
  signal?: AbortSignal;
  /** Who searches, for the per-user limit. */
  user?: string;
  /** false: neither answer from nor keep in the cache (a direct provider query). */
  cache?: boolean;
}

export interface WebSearch {
  /** Searches with the chain; a failure is a value with a stable code. */
  search(request: SearchRequest, options?: SearchCallOptions): Promise<Outcome<SearchResult>>;
  /** Asks every provider that is on, also those after the first answer and those resting. */
  test(query: string, options?: SearchCallOptions): Promise<Outcome<ProviderTest>>;
  readonly cooldowns: Cooldowns;
  readonly settings: Readonly<Settings>;
  /** The keys its providers send (for `providerStatuses`). */
  readonly keys: ProviderKeys;
}

/** One search service for one set of settings: its chain, cool-downs, cache and limits. */
export function createWebSearch({
  settings,
  keys = providerKeys({ env: process.env }),
  pacing = new RequestPacing(),
  fetch: fetchImpl = globalThis.fetch,
  now = Date.now,
  cooldowns = new Cooldowns({ now }),
  cache = new SearchCache(),
  limits,
}: WebSearchOptions): WebSearch {
  const base = { settings, keys, pacing, fetch: fetchImpl, now, cooldowns };
  /** Cache hits are free; only a search that reaches the network counts against the limits. */
  const admit = async (user: string | undefined) => limits?.admit(user ?? 'local');

  return {
    cooldowns,
    settings,
    keys,

    async search(request, { signal, user, cache: useCache = true } = {}) {
      const checked = checkRequest(request);
      if (!checked.ok) return checked;
      const started = performance.now();
      const hit = useCache ? cache.get(checked.value) : undefined;
      if (hit) {
        return succeed({ ...hit, cached: true, ms: Math.round(performance.now() - started) });
      }

      let providers = providerOrder(settings);
      let listed: readonly string[] = settings.providers;
      if (checked.value.provider !== undefined) {
        const name = checked.value.provider;
        if (!isProviderName(name)) {
          return fail(
            'unknown_provider',
            `unknown provider "${name}"; known: ${PROVIDER_NAMES.join(', ')}`,
          );
        }
        // A provider asked for by name is asked even when off or resting (alone, it is never passed over).
        providers = [PROVIDERS[name]];
        listed = [name];
      }
      const limited = await admit(user);
      if (limited) return { ok: false, failure: limited };
      const outcome = await runChain(checked.value, {
        ...base,
        providers,
        listed,
        ...(signal ? { signal } : {}),
      });
      if (outcome.ok && useCache) cache.set(checked.value, outcome.value);
      return outcome;
    },

    async test(query, { signal, user } = {}) {
      // The provider test counts as one search.
      const limited = await admit(user);
      if (limited) return { ok: false, failure: limited };
      return testProviders(query, {
        ...base,
        providers: providerOrder(settings),
        ...(signal ? { signal } : {}),
      });
    },
  };
}
