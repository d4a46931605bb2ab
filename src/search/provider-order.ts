import { LookoutError } from '../failure.js';
import { envName } from '../settings/env.js';
import type { Settings } from '../settings/schema.js';
import { tryUrl } from '../url.js';
import type { Need, Provider, SettingNeed } from './provider.js';
import { keySources, type ProviderKeys } from './provider-keys.js';
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

const isSettingNeed = (need: Need): need is SettingNeed => typeof need === 'object';

/** One need in words naming where to set it. */
function needWords(provider: Provider, need: Need): string {
  if (need === 'url') {
    return `the address of a ${provider.label} instance (LOOKOUT_${provider.name.toUpperCase()}_URL)`;
  }
  if (need === 'key') return `an API key (${keySources(provider)})`;
  return `${need.what} (${envName(need.setting)})`;
}

/** What a provider needs before it can search, in words naming the setting. */
export function describeNeeds(provider: Provider): string {
  if (provider.needs.length === 0) return 'nothing';
  return provider.needs.map((need) => needWords(provider, need)).join(' and ');
}

/** What a provider lacks before it can search, as a reason; undefined when it has all it needs. */
export function missingNeed(
  provider: Provider,
  settings: Readonly<Settings>,
  keys: ProviderKeys,
): string | undefined {
  const missing = provider.needs.filter((need) => {
    if (need === 'url') return endpointOf(provider, settings) === '';
    if (isSettingNeed(need)) return settings[need.setting] === '';
    return false;
  });
  if (provider.needs.includes('key')) {
    try {
      if (!keys.keyOf(provider)) missing.unshift('key');
    } catch (error) {
      // An unreadable key file is said where the key is missed, not as a crash of every search.
      if (error instanceof LookoutError) return `cannot read its key: ${error.message}`;
      throw error;
    }
  }
  if (missing.length === 0) return undefined;
  return `needs ${missing.map((need) => needWords(provider, need)).join(' and ')}`;
}

export const hostOf = (endpoint: string): string => tryUrl(endpoint)?.host ?? '';
