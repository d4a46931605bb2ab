import { fail, type Outcome, succeed } from '../failure.js';
import type { AddressPolicy, Resolver } from './address-policy.js';
import { canonical, parseAddress, refusal } from './address-refusal.js';

/** The only schemes a page is read over; file:, ftp:, data:, gopher: and the rest reach no web page. */
const SCHEMES = new Set(['http:', 'https:']);

/** The port a URL has when it names none (WHATWG URL drops a default port it is given). */
const DEFAULT_PORTS: Readonly<Record<string, number>> = { 'http:': 80, 'https:': 443 };

/** Names that reach this machine without DNS: RFC 6761 `localhost` and common /etc/hosts aliases. */
const LOCAL_NAMES = new Set([
  'localhost',
  'localhost.localdomain',
  'ip6-localhost',
  'ip6-loopback',
]);

/** Names of cloud metadata services (GCP, AWS); refused even when allow-listed. */
const METADATA_NAMES = new Set([
  'metadata.google.internal',
  'metadata',
  'instance-data',
  'instance-data.ec2.internal',
]);

/** The fetch target once checked: the transport connects to one of `addresses`, naming `host`. */
export interface Target {
  url: URL;
  /** Lower-case, without IPv6 brackets or a trailing dot: what TLS SNI and Host use. */
  host: string;
  /** Explicit, or the scheme's default. */
  port: number;
  /** Every address the host has (an IP host: itself), each checked and written canonically. */
  addresses: string[];
}

/** Checks the URL, resolves the host once through `resolve`, checks every address. */
export async function checkTarget(
  raw: string | URL,
  policy: AddressPolicy,
  resolve: Resolver,
): Promise<Outcome<Target>> {
  const parsed = parseUrl(raw);
  if (!parsed.ok) return parsed;
  const url = parsed.value;
  const host = hostOf(url);
  const port = url.port === '' ? (DEFAULT_PORTS[url.protocol] ?? 0) : Number(url.port);
  const entries = policy.allowedHosts.map(allowEntry);
  const key = canonical(host);
  const allowed = entries.some(
    (entry) => entry.host === key && (entry.port === undefined || entry.port === port),
  );
  const named = nameRefusal(host, allowed);
  if (named) return fail('blocked_address', named);
  const portListed = entries.some((entry) => entry.host === key && entry.port === port);
  if (!policy.ports.includes(port) && !portListed) {
    return fail('bad_port', `port ${port} is not allowed (allowed: ${policy.ports.join(', ')})`);
  }
  const looked = await addressesOf(host, resolve);
  if (!looked.ok) return looked;
  const literal = parseAddress(host) !== undefined;
  for (const address of looked.value) {
    const reason = refusal(address, policy, allowed);
    if (reason === undefined) continue;
    return fail(
      'blocked_address',
      literal ? reason : `${host} resolves to a refused address: ${reason}`,
    );
  }
  return succeed({ url, host, port, addresses: looked.value.map(canonical) });
}

function parseUrl(raw: string | URL): Outcome<URL> {
  const text = typeof raw === 'string' ? raw : raw.href;
  if (!URL.canParse(text)) return fail('bad_url', 'the URL could not be parsed');
  const url = new URL(text);
  if (!SCHEMES.has(url.protocol)) {
    return fail('bad_url', `only http and https URLs can be read, not ${url.protocol}`);
  }
  // The message leaves the URL out: a password in it is a secret.
  if (url.username !== '' || url.password !== '' || hasEmptyUserinfo(text)) {
    return fail('bad_url', 'URLs with a user name or password (anything before an @) are refused');
  }
  return succeed(url);
}

/**
 * `http://@host/` and `http://:@host/` parse to a URL without userinfo, so the `@` is looked
 * for in the authority as the WHATWG parser splits it: after the scheme and its slashes, up to
 * the first `/`, `\`, `?` or `#`, once tabs, newlines and leading controls are dropped.
 */
function hasEmptyUserinfo(text: string): boolean {
  const cleaned = text.replace(/[\t\n\r]/g, '');
  let start = 0;
  while (start < cleaned.length && cleaned.charCodeAt(start) <= 0x20) start += 1;
  const authority = /^[a-z][a-z\d+.-]*:[\\/]*([^\\/?#]*)/i.exec(cleaned.slice(start))?.[1] ?? '';
  return authority.includes('@');
}

/** The URL's host as TLS and Host use it: brackets and one trailing dot removed. */
function hostOf(url: URL): string {
  const host = url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

/** Refuses local and metadata names before any lookup; an allow-list entry lets a local name through. */
function nameRefusal(host: string, allowed: boolean): string | undefined {
  const name = host
    .split('.')
    .filter((label) => label !== '')
    .join('.');
  if (METADATA_NAMES.has(name)) return `${host} is the name of a cloud metadata service`;
  if (allowed) return undefined;
  const local = LOCAL_NAMES.has(name) || name.endsWith('.localhost');
  return local ? `${host} is a name for this machine` : undefined;
}

async function addressesOf(host: string, resolve: Resolver): Promise<Outcome<string[]>> {
  if (parseAddress(host) !== undefined) return succeed([host]);
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return fail('dns', `could not look up ${host}`);
  }
  if (addresses.length === 0) return fail('dns', `could not look up ${host}: it has no addresses`);
  return succeed(addresses);
}

/** One allow-list entry: `name`, `address`, `name:port`, `address:port` or `[v6]:port`. */
interface AllowEntry {
  host: string;
  port?: number;
}

function allowEntry(entry: string): AllowEntry {
  const text = entry.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  if (bracketed) return withPort(bracketed[1] ?? '', bracketed[2]);
  const parts = text.split(':');
  // More than one colon is a bare IPv6 address, which cannot carry a port without brackets.
  if (parts.length === 2) return withPort(parts[0] ?? '', parts[1]);
  return withPort(text, undefined);
}

function withPort(host: string, port: string | undefined): AllowEntry {
  const bare = host.endsWith('.') ? host.slice(0, -1) : host;
  const entryHost = parseAddress(bare)?.toString() ?? bare;
  return port === undefined ? { host: entryHost } : { host: entryHost, port: Number(port) };
}
