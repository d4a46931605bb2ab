/**
 * No test may reach the internet: every socket connection to anything but
 * loopback (or a local socket path) throws, naming the target, so a
 * forgotten endpoint override fails loudly instead of searching the web.
 */
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
