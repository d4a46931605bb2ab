/**
 * No test may reach the internet: every socket connection to anything but
 * loopback (or a local socket path) throws, naming the target, so a
 * forgotten endpoint override fails loudly instead of searching the web.
 * Name lookups other than localhost throw too.
 */
import dns from 'node:dns';
import net from 'node:net';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|\[::1\]|localhost|::ffff:127\.\d+\.\d+\.\d+)$/i;

type ConnectArgs = Parameters<typeof net.Socket.prototype.connect>;

const original = net.Socket.prototype.connect;

net.Socket.prototype.connect = function connect(this: net.Socket, ...args: ConnectArgs) {
  // net.connect() hands over its arguments already normalized, as [options, callback].
  const [first, second] = (Array.isArray(args[0]) ? args[0] : args) as unknown[];
  const options =
    typeof first === 'object' && first !== null
      ? (first as { host?: string; path?: string; port?: number })
      : typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))
        ? { port: Number(first), host: typeof second === 'string' ? second : 'localhost' }
        : { path: String(first) };
  if (!options.path) {
    const host = options.host ?? 'localhost';
    if (!LOOPBACK.test(host)) {
      throw new Error(
        `test tried to connect to ${host}:${options.port}; tests reach loopback only`,
      );
    }
  }
  return original.apply(this, args);
} as typeof net.Socket.prototype.connect;

/** Looking a name up may send packets to a DNS server: names resolve through injected resolvers in tests. */

const LOCAL_NAME = /^(localhost|127\.\d+\.\d+\.\d+|::1)$/i;
const lookupRefused = (hostname: string) =>
  new Error(`test tried to look up ${hostname}; tests resolve names with an injected resolver`);

const originalLookup = dns.lookup;
dns.lookup = function lookup(hostname: string, ...rest: unknown[]) {
  if (!LOCAL_NAME.test(hostname)) throw lookupRefused(hostname);
  return (originalLookup as (...args: unknown[]) => unknown)(hostname, ...rest);
} as typeof dns.lookup;

const originalPromiseLookup = dns.promises.lookup;
dns.promises.lookup = function lookup(hostname: string, ...rest: unknown[]) {
  if (!LOCAL_NAME.test(hostname)) return Promise.reject(lookupRefused(hostname));
  return (originalPromiseLookup as (...args: unknown[]) => Promise<unknown>)(hostname, ...rest);
} as typeof dns.promises.lookup;
