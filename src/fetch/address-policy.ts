import { networkInterfaces } from 'node:os';
import type { Settings } from '../settings/schema.js';

/** Turns a host name into every address it has (IPv4 and IPv6), or throws a DNS error. */
export type Resolver = (hostname: string) => Promise<string[]>;

/** What the guard allows beyond the public internet, from the settings. */
export interface AddressPolicy {
  /** Private ranges (10/8, 172.16/12, 192.168/16, fc00::/7, 100.64/10) allowed. */
  allowPrivate: boolean;
  ports: readonly number[];
  /** `host` or `host:port` entries reachable although not public (never metadata addresses). */
  allowedHosts: readonly string[];
  /** This machine's own interface addresses, refused even when public. */
  ownAddresses: readonly string[];
}

/** Every address of this machine's network interfaces, without zone ids. */
export function localAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .flatMap((info) => (info ? [info.address.replace(/%.*$/, '')] : []));
}

export const policyFromSettings = (
  settings: Pick<Settings, 'allow_private' | 'ports' | 'allowed_hosts'>,
  ownAddresses: readonly string[] = localAddresses(),
): AddressPolicy => ({
  allowPrivate: settings.allow_private,
  ports: settings.ports,
  allowedHosts: settings.allowed_hosts,
  ownAddresses,
});
