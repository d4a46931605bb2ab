import type { Settings } from '../settings/schema.js';
import { PROVIDER_NAMES, type ProviderName } from './provider-names.js';

export type OrderChange = 'up' | 'down' | 'toggle';
type Order = Pick<Settings, 'providers' | 'providers_off'>;

/**
 * The order after one change (seed 003): `up` and `down` move a provider one
 * place, a move past either end changes nothing; `toggle` turns it on or off.
 * The result names every provider, so a saved order is complete.
 */
export function changeOrder(order: Order, name: ProviderName, change: OrderChange): Order {
  const named = order.providers as ProviderName[];
  const full = [...named, ...PROVIDER_NAMES.filter((provider) => !named.includes(provider))];
  const off = new Set(order.providers_off);
  if (change === 'toggle') {
    if (off.has(name)) off.delete(name);
    else off.add(name);
    return { providers: full, providers_off: full.filter((provider) => off.has(provider)) };
  }
  const from = full.indexOf(name);
  const to = change === 'up' ? from - 1 : from + 1;
  if (to >= 0 && to < full.length) [full[from], full[to]] = [full[to] as ProviderName, name];
  return { providers: full, providers_off: full.filter((provider) => off.has(provider)) };
}
