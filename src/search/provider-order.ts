import type { Settings } from '../settings/schema.js';
import { tryUrl } from '../url.js';
import type { Provider } from './provider.js';
import { PROVIDER_NAMES, type ProviderName } from './provider-names.js';
import { PROVIDERS } from './providers/index.js';

/**
 * The providers the chain asks, in order: those named in `providers` first,
 * the rest in registry order, without those in `providers_off`. (Names were
 * checked when the settings were read.)
 */
export function providerOrder(settings: Pick<Settings, 'providers' | 'providers_off'>): Provider[] {
  const named = settings.providers as ProviderName[];
  const rest = PROVIDER_NAMES.filter((name) => !named.includes(name));
  const off = new Set(settings.providers_off);
  return [...named, ...rest].filter((name) => !off.has(name)).map((name) => PROVIDERS[name]);
}

/** The provider's endpoint: the `<name>_url` setting, else its default. */
export function endpointOf(provider: Provider, settings: Readonly<Settings>): string {
  const setting = (settings as Record<string, unknown>)[`${provider.name}_url`];
  return typeof setting === 'string' && setting !== '' ? setting : provider.endpoint;
}

/** What a provider needs before it can search, in words naming the setting. */
export function describeNeeds(provider: Provider): string {
  if (provider.needs.includes('url')) {
    return `the address of a ${provider.label} instance (LOOKOUT_${provider.name.toUpperCase()}_URL)`;
  }
  return 'nothing';
}

/** What a provider lacks before it can search, as a reason; undefined when it has all it needs. */
export function missingNeed(provider: Provider, settings: Readonly<Settings>): string | undefined {
  if (provider.needs.includes('url') && endpointOf(provider, settings) === '') {
    return `needs ${describeNeeds(provider)}`;
  }
  return undefined;
}

export const hostOf = (endpoint: string): string => tryUrl(endpoint)?.host ?? '';
