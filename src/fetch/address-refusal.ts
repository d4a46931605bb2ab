/** Which IP addresses the fetcher may reach: every range it refuses, and why, in plain words. */
import ipaddr from 'ipaddr.js';
import type { AddressPolicy } from './address-policy.js';

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;
type Address = IPv4 | IPv6;
type Range = [Address, number];

/** Cloud metadata services hand out credentials; refused even when allow-listed or in an allowed private range. */
const METADATA_RANGES = ranges([
  '169.254.169.254/32', // AWS, GCP, Azure, OpenStack, DigitalOcean instance metadata
  '169.254.170.2/32', // AWS ECS task metadata and credentials
  '169.254.170.23/32', // AWS EKS pod identity agent
  '100.100.100.200/32', // Alibaba Cloud, inside carrier-grade NAT
  '192.0.0.192/32', // Oracle Cloud, inside the IETF protocol assignments
  '168.63.129.16/32', // Azure WireServer: a public-looking address that serves VM configuration
  'fd00:ec2::254/128', // AWS instance metadata over IPv6, inside unique-local
  'fd00:ec2::23/128', // AWS EKS pod identity agent over IPv6
]);

/** IANA special-purpose entries that are globally reachable although their wider block is not. */
const GLOBALLY_REACHABLE = ranges([
  '192.0.0.9/32', // Port Control Protocol anycast (RFC 7723)
  '192.0.0.10/32', // TURN anycast (RFC 8155)
  '2001:1::1/128', // Port Control Protocol anycast (RFC 7723)
  '2001:1::2/128', // TURN anycast (RFC 8155)
  '2001:1::3/128', // DNS-SD service registration anycast (RFC 9665)
]);

/** Local-use NAT64 (RFC 8215): translates into whatever IPv4 network the operator chose. */
const LOCAL_NAT64 = ranges(['64:ff9b:1::/48']);

/** Well-known NAT64 prefix (RFC 6052): the last 32 bits are the IPv4 address reached. */
const NAT64 = ranges(['64:ff9b::/96']);

/** Deprecated IPv4-compatible addresses (RFC 4291): `::a.b.c.d`. */
const IPV4_COMPATIBLE = ranges(['::/96']);

/** All public IPv6 unicast is allocated from 2000::/3; anything outside it is not on the internet. */
const GLOBAL_UNICAST = ranges(['2000::/3']);

/** What an address is; every kind but `public` is refused unless the policy allows it. */
type Kind =
  | 'public'
  | 'loopback'
  | 'unspecified'
  | 'private'
  | 'linkLocal'
  | 'carrierGradeNat'
  | 'multicast'
  | 'broadcast'
  | 'reserved';

/** Kinds that `allowPrivate` lets through: networks an administrator may own. */
const PRIVATE_KINDS: ReadonlySet<Kind> = new Set(['private', 'carrierGradeNat']);

const KIND_WORDS: Readonly<Record<Kind, string>> = {
  public: 'a public address',
  loopback: 'a loopback address',
  unspecified: "an unspecified ('this network') address",
  private: 'a private address',
  linkLocal: 'a link-local address',
  carrierGradeNat: 'a carrier-grade NAT address',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
  reserved: 'a reserved (special-purpose, not globally reachable) address',
};

/** ipaddr.js IPv4 range names; names not listed (unicast, as112, amt) are public. */
const IPV4_RANGE_KINDS: Readonly<Record<string, Kind>> = {
  unspecified: 'unspecified', // all of 0.0.0.0/8
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'linkLocal',
  loopback: 'loopback',
  carrierGradeNat: 'carrierGradeNat',
  private: 'private',
  reserved: 'reserved', // 192.0.0/24, 192.0.2/24, 192.88.99/24, 198.18/15, 198.51.100/24, 203.0.113/24, 240/4
};

/**
 * ipaddr.js IPv6 range names; the forms carrying IPv4 are judged by what they carry (see
 * `carriedIpv4`), and names not listed (unicast, amt, as112v6, orchid2, drone ids) are public.
 */
const IPV6_RANGE_KINDS: Readonly<Record<string, Kind>> = {
  unspecified: 'unspecified',
  loopback: 'loopback',
  linkLocal: 'linkLocal',
  multicast: 'multicast',
  uniqueLocal: 'private', // fc00::/7
  deprecatedSiteLocal: 'reserved', // fec0::/10
  discard: 'reserved', // 100::/64
  benchmarking: 'reserved', // 2001:2::/48
  deprecatedOrchid: 'reserved', // 2001:10::/28
  segmentRouting: 'reserved', // 5f00::/16
  reserved: 'reserved', // 2001::/23 (IETF assignments), 2001:db8::/32 and 3fff::/20 (documentation)
};

/**
 * Why one address may not be reached under the policy, in plain words ("127.0.0.1 is a loopback
 * address"), or undefined when it may. `allowed` is true when the host matched an allow-list
 * entry: then only metadata addresses (and zone ids) are refused.
 */
export function refusal(
  address: string,
  policy: AddressPolicy,
  allowed = false,
): string | undefined {
  const parsed = parseAddress(address);
  if (parsed === undefined) return `${address} is not an IP address`;
  if (parsed.kind() === 'ipv6' && (parsed as IPv6).zoneId !== undefined) {
    return `${address} has a zone id, so it names a network interface of this machine`;
  }
  const outer = problem(parsed, policy, allowed);
  if (outer) return `${address} is ${outer}`;
  const carried = parsed.kind() === 'ipv6' ? carriedIpv4(parsed as IPv6) : undefined;
  if (carried === undefined) return undefined;
  const inner = problem(carried.ipv4, policy, allowed);
  if (inner) return `${address} is ${carried.form} for ${carried.ipv4.toString()}, ${inner}`;
  if (allowed || carried.reachable) return undefined;
  return `${address} is ${carried.form} for ${carried.ipv4.toString()}, refused whatever it carries`;
}

/** What is wrong with one address (metadata, own, or its kind), or undefined. */
function problem(address: Address, policy: AddressPolicy, allowed: boolean): string | undefined {
  if (within(address, METADATA_RANGES)) return 'a cloud metadata address';
  if (allowed) return undefined;
  const kind = kindOf(address);
  if (kind !== 'public' && !(policy.allowPrivate && PRIVATE_KINDS.has(kind))) {
    return KIND_WORDS[kind];
  }
  // Refused even when public or in an allowed private range; checked after the kind so a
  // loopback address is still called loopback.
  if (isOwn(address, policy.ownAddresses)) return "one of this machine's own addresses";
  return undefined;
}

function kindOf(address: Address): Kind {
  if (within(address, GLOBALLY_REACHABLE)) return 'public';
  if (address.kind() === 'ipv4') return IPV4_RANGE_KINDS[address.range()] ?? 'public';
  const v6 = address as IPv6;
  if (within(v6, LOCAL_NAT64)) return 'reserved';
  const named = IPV6_RANGE_KINDS[v6.range()];
  if (named) return named;
  // Judged by the IPv4 address inside instead, in `refusal`.
  if (carriedIpv4(v6)) return 'public';
  return within(v6, GLOBAL_UNICAST) ? 'public' : 'reserved';
}

/** An IPv4 address inside an IPv6 one; `reachable` when the IPv6 form may be used if the IPv4 may. */
interface Carried {
  ipv4: IPv4;
  form: string;
  reachable: boolean;
}

/**
 * IPv6 forms that reach an IPv4 address. Teredo (RFC 4380) is refused outright, whatever it
 * carries: a relay delivers to the client's IPv4 (the last 32 bits XOR 0xffffffff) at a port
 * the address itself chooses, the service is obsolete, and no web site is served over it. Its
 * client is still extracted, so the message and the metadata check can name it.
 */
function carriedIpv4(address: IPv6): Carried | undefined {
  const bytes = address.toByteArray();
  const last = new ipaddr.IPv4(bytes.slice(12, 16));
  const range = address.range();
  if (range === 'ipv4Mapped') {
    return { ipv4: last, form: 'an IPv4-mapped address', reachable: true };
  }
  if (within(address, NAT64)) return { ipv4: last, form: 'a NAT64 address', reachable: true };
  if (range === '6to4') {
    return { ipv4: new ipaddr.IPv4(bytes.slice(2, 6)), form: 'a 6to4 address', reachable: true };
  }
  if (range === 'teredo') {
    const client = new ipaddr.IPv4(bytes.slice(12, 16).map((byte) => byte ^ 0xff));
    return { ipv4: client, form: 'a Teredo tunnel address', reachable: false };
  }
  // rfc6145 is ::ffff:0:0:0/96, SIIT's IPv4-translated form.
  if (range === 'rfc6145') {
    return { ipv4: last, form: 'an IPv4-translated address', reachable: false };
  }
  if (within(address, IPV4_COMPATIBLE)) {
    return { ipv4: last, form: 'an IPv4-compatible address', reachable: false };
  }
  return undefined;
}

function isOwn(address: Address, own: readonly string[]): boolean {
  return own.some((text) => {
    if (!ipaddr.isValid(text)) return false;
    const mine = ipaddr.process(text);
    return (
      mine.kind() === address.kind() && address.match(mine, address.kind() === 'ipv4' ? 32 : 128)
    );
  });
}

function within(address: Address, list: readonly Range[]): boolean {
  return list.some(
    ([network, bits]) => network.kind() === address.kind() && address.match(network, bits),
  );
}

function ranges(list: readonly string[]): Range[] {
  return list.map((text) => ipaddr.parseCIDR(text));
}

/**
 * Only the plain spellings a resolver or a WHATWG URL produce: dotted-quad IPv4 exactly as
 * written (so `010.0.0.1` is not read as octal here and as something else by the transport),
 * or any valid IPv6 text.
 */
export function parseAddress(text: string): Address | undefined {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) {
    const v4 = ipaddr.IPv4.parse(text);
    return v4.toString() === text ? v4 : undefined;
  }
  return ipaddr.IPv6.isValid(text) ? ipaddr.IPv6.parse(text) : undefined;
}

export function canonical(address: string): string {
  return parseAddress(address)?.toString() ?? address;
}
