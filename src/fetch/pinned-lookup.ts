import type { LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';

/**
 * A socket `lookup` that never asks DNS: it answers with addresses the guard
 * already checked, so a resolver that changes its answer between the check
 * and the connection (DNS rebinding) cannot move the connection elsewhere.
 * The name stays what the socket was asked for, so Host and TLS SNI keep it.
 */
export function pinnedLookup(addresses: readonly string[]): LookupFunction {
  const checked: LookupAddress[] = addresses.map((address) => ({ address, family: isIP(address) }));
  return (hostname, options, callback) => {
    // A socket asking for one family gets only that family; none left is a lookup failure.
    const wanted = familyOf(options.family);
    const answers = checked.filter((entry) => wanted === 0 || entry.family === wanted);
    const first = answers[0];
    if (!first) {
      const error: NodeJS.ErrnoException = new Error(`no checked address for ${hostname}`);
      error.code = 'ENOTFOUND';
      callback(error, '');
      return;
    }
    if (options.all) callback(null, answers);
    else callback(null, first.address, first.family);
  };
}

function familyOf(family: number | string | undefined): number {
  if (family === 4 || family === 'IPv4') return 4;
  if (family === 6 || family === 'IPv6') return 6;
  return 0;
}
