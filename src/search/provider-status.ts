import { LookoutError } from '../failure.js';
import type { Settings } from '../settings/schema.js';
import type { Cooldowns } from './cooldowns.js';
import type { Provider } from './provider.js';
import { type ProviderKeys, takesKey } from './provider-keys.js';
import { PROVIDER_NAMES } from './provider-names.js';
import { describeNeeds, endpointOf, hostOf, missingNeed, providerOrder } from './provider-order.js';
import { PROVIDERS } from './providers/index.js';

/** One provider as the CLI, the API and the UI list it. */
export interface ProviderStatus {
  name: string;
  label: string;
  /** In the chain (not in `providers_off`). */
  on: boolean;
  host: string;
  needs: string;
  /** Takes a key (needs one, or searches better with one), kept under the provider's name in the key file. */
  takesKey: boolean;
  /** Where the key in use comes from (`the key file`, `BRAVE_API_KEY`); never the key. */
  keyFrom?: string;
  /** Has what it needs (a URL, a key). */
  setUp: boolean;
  /** On, set up, and not resting. */
  ready: boolean;
  restingUntil?: string;
  restReason?: string;
}

/** Every provider in chain order, the off ones last, as the search service (its cool-downs and keys) sees them. */
export function providerStatuses({
  settings,
  cooldowns,
  keys,
}: {
  settings: Readonly<Settings>;
  cooldowns: Cooldowns;
  keys: ProviderKeys;
}): ProviderStatus[] {
  const on = providerOrder(settings);
  const off = PROVIDER_NAMES.filter((name) => !on.some((provider) => provider.name === name)).map(
    (name) => PROVIDERS[name],
  );
  return [...on, ...off].map((provider) => {
    const missing = missingNeed(provider, settings, keys);
    const rest = cooldowns.restOf(provider.name);
    const isOn = on.includes(provider);
    return {
      name: provider.name,
      label: provider.label,
      on: isOn,
      host: hostOf(endpointOf(provider, settings)),
      needs: describeNeeds(provider),
      takesKey: takesKey(provider),
      ...keyFrom(provider, keys),
      setUp: !missing,
      ready: isOn && !missing && !rest,
      ...(rest
        ? { restingUntil: new Date(rest.until).toISOString(), restReason: rest.reason }
        : {}),
    };
  });
}

/** The source of the key a provider sends, when it has one; an unreadable key file is said by `missingNeed`. */
function keyFrom(provider: Provider, keys: ProviderKeys): { keyFrom?: string } {
  if (!takesKey(provider)) return {};
  try {
    const key = keys.keyOf(provider);
    return key ? { keyFrom: key.source } : {};
  } catch (error) {
    if (error instanceof LookoutError) return {};
    throw error;
  }
}
