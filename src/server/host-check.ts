import type { MiddlewareHandler } from 'hono';
import ipaddr from 'ipaddr.js';
import type { Settings } from '../settings/schema.js';
import { tokensSet } from './auth.js';
import { problem } from './problem.js';

/** The name in a Host header, without its port or IPv6 brackets. */
function hostName(header: string): string {
  const bracketed = /^\[([^\]]+)\]/.exec(header);
  if (bracketed?.[1]) return bracketed[1];
  return header.replace(/:\d*$/, '').toLowerCase();
}

/** Whether a Host header names this machine. */
export const isLoopbackHost = (header: string): boolean => isLoopbackName(hostName(header));

/** Whether a name or address (no port) is this machine: `localhost`, `*.localhost`, or a loopback address. */
export function isLoopbackName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (!ipaddr.isValid(name)) return false;
  const address = ipaddr.process(name);
  return address.range() === 'loopback';
}

/**
 * Without tokens, lookout trusts whoever reaches it, which is only this
 * machine. A web page can still reach it through DNS rebinding (its own name,
 * resolved to 127.0.0.1, making lookout its own origin); such requests carry
 * that name in Host, so only loopback names are answered. With tokens set,
 * the token is the check and any name may be used.
 */
export function loopbackHostsOnly(server: {
  readonly settings: Pick<Settings, 'admin_token' | 'user_tokens'>;
}): MiddlewareHandler {
  return async function checkHost(context, next) {
    if (tokensSet(server.settings)) return next();
    const host = context.req.header('host') ?? new URL(context.req.url).host;
    if (!isLoopbackHost(host)) {
      return problem(
        context,
        403,
        'forbidden_host',
        `this lookout has no access token, so it answers only to this machine's own names (127.0.0.1, localhost), not to ${host}: set LOOKOUT_ADMIN_TOKEN to serve other names`,
      );
    }
    return next();
  };
}
