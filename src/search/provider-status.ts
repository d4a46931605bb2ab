import type { Settings } from '../settings/schema.js';
import type { Cooldowns } from './cooldowns.js';
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
  /** Takes a key, kept under the provider's name in the key file. */
  needsKey: boolean;
  /** Has what it needs (a URL, a key). */
  setUp: boolean;
  /** On, set up, and not resting. */
  ready: boolean;
  restingUntil?: string;
  restReason?: string;
}

/** Every provider in chain order, the off ones last. */
export function providerStatuses(
  settings: Readonly<Settings>,
  cooldowns: Cooldowns,
): ProviderStatus[] {
  const on = providerOrder(settings);
  const off = PROVIDER_NAMES.filter((name) => !on.some((provider) => provider.name === name)).map(
    (name) => PROVIDERS[name],
  );
  return [...on, ...off].map((provider) => {
    const missing = missingNeed(provider, settings);
    const rest = cooldowns.restOf(provider.name);
    const isOn = on.includes(provider);
    return {
      name: provider.name,
      label: provider.label,
      on: isOn,
      host: hostOf(endpointOf(provider, settings)),
      needs: describeNeeds(provider),
      needsKey: provider.needs.includes('key'),
      setUp: !missing,
      ready: isOn && !missing && !rest,
      ...(rest
        ? { restingUntil: new Date(rest.until).toISOString(), restReason: rest.reason }
        : {}),
    };
  });
}
