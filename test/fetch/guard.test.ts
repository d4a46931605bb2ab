import { describe, expect, it } from 'vitest';
import type { Failure, Outcome } from '../../src/failure.js';
import type { AddressPolicy, Resolver } from '../../src/fetch/address-policy.js';
import { refusal } from '../../src/fetch/address-refusal.js';
import { checkTarget, type Target } from '../../src/fetch/guard.js';

const POLICY: AddressPolicy = {
  allowPrivate: false,
  ports: [80, 443],
  allowedHosts: [],
  ownAddresses: [],
};

const PUBLIC_V6 = '2606:2800:220:1:248:1893:25c8:1946';

/** What the in-memory DNS knows; any other name fails like ENOTFOUND. */
const RECORDS: Record<string, string[]> = {
  'public.example': ['93.184.216.34'],
  'dual.example': ['93.184.216.34', PUBLIC_V6],
  'wiki.intranet': ['10.1.2.3'],
  localhost: ['127.0.0.1', '::1'],
  'meta.example': ['169.254.169.254'],
  'mapped-meta.example': ['::ffff:169.254.169.254'],
  'empty.example': [],
};

/** An in-memory resolver that also remembers every name it was asked for. */
function memoryResolver(records: Record<string, string[]>): Resolver & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (name: string): Promise<string[]> => {
    asked.push(name);
    const found = records[name];
    if (found === undefined) {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    }
    return found;
  };
  return Object.assign(resolve, { asked });
}

function failureOf(outcome: Outcome<Target>): Failure {
  if (outcome.ok) throw new Error(`expected a failure, got ${outcome.value.url.href}`);
  return outcome.failure;
}

function targetOf(outcome: Outcome<Target>): Target {
  if (!outcome.ok) throw new Error(`expected a target, got ${outcome.failure.message}`);
  return outcome.value;
}

const check = (
  url: string | URL,
  policy: Partial<AddressPolicy> = {},
  records: Record<string, string[]> = RECORDS,
): Promise<Outcome<Target>> => checkTarget(url, { ...POLICY, ...policy }, memoryResolver(records));

/** [URL, the address the message must name, the reason it must give]. */
const BLOCKED_LITERALS: [string, string, string][] = [
  // loopback, in every spelling WHATWG URL accepts
  ['http://127.0.0.1/', '127.0.0.1', 'loopback'],
  ['http://127.255.255.254/', '127.255.255.254', 'loopback'],
  ['http://2130706433/', '127.0.0.1', 'loopback'],
  ['http://0177.0.0.1/', '127.0.0.1', 'loopback'],
  ['http://0x7f000001/', '127.0.0.1', 'loopback'],
  ['http://0x7f.0.0.1/', '127.0.0.1', 'loopback'],
  ['http://0x7f.1/', '127.0.0.1', 'loopback'],
  ['http://127.1/', '127.0.0.1', 'loopback'],
  ['http://127.0.0.1./', '127.0.0.1', 'loopback'],
  ['http://%31%32%37.0.0.1/', '127.0.0.1', 'loopback'],
  ['http://127.0.0.1%2e/', '127.0.0.1', 'loopback'],
  ['http://[::1]/', '::1', 'loopback'],
  ['http://[0:0:0:0:0:0:0:1]/', '::1', 'loopback'],
  ['http://[::ffff:127.0.0.1]/', '127.0.0.1', 'loopback'],
  ['http://[::ffff:7f00:1]/', '127.0.0.1', 'loopback'],
  ['http://[::FFFF:7F00:1]/', '127.0.0.1', 'loopback'],
  ['http://[::127.0.0.1]/', '127.0.0.1', 'loopback'],
  ['http://[64:ff9b::7f00:1]/', '127.0.0.1', 'loopback'],
  ['http://[64:ff9b::127.0.0.1]/', '127.0.0.1', 'loopback'],
  ['http://[2002:7f00:1::]/', '127.0.0.1', 'loopback'],
  ['http://[::ffff:0:7f00:1]/', '127.0.0.1', 'loopback'],
  // Teredo client 127.0.0.1 is stored as 127.0.0.1 XOR 0xffffffff = 80ff:fffe
  ['http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', '127.0.0.1', 'Teredo'],
  // unspecified
  ['http://0.0.0.0/', '0.0.0.0', 'unspecified'],
  ['http://0/', '0.0.0.0', 'unspecified'],
  ['http://0x0/', '0.0.0.0', 'unspecified'],
  ['http://[::]/', '::', 'unspecified'],
  ['http://[0:0:0:0:0:0:0:0]/', '::', 'unspecified'],
  ['http://[::ffff:0.0.0.0]/', '0.0.0.0', 'unspecified'],
  // private
  ['http://10.0.0.1/', '10.0.0.1', 'private'],
  ['http://10.1/', '10.0.0.1', 'private'],
  ['http://167772161/', '10.0.0.1', 'private'],
  ['http://012.0.0.1/', '10.0.0.1', 'private'],
  ['http://172.16.0.1/', '172.16.0.1', 'private'],
  ['http://172.31.255.255/', '172.31.255.255', 'private'],
  ['http://192.168.1.1/', '192.168.1.1', 'private'],
  ['http://0xc0a80101/', '192.168.1.1', 'private'],
  ['http://[fc00::1]/', 'fc00::1', 'private'],
  ['http://[fd12:3456::1]/', 'fd12:3456::1', 'private'],
  ['http://[::ffff:10.0.0.1]/', '10.0.0.1', 'private'],
  ['http://[::ffff:c0a8:101]/', '192.168.1.1', 'private'],
  ['http://[64:ff9b::a00:1]/', '10.0.0.1', 'private'],
  ['http://[2002:c0a8:101::]/', '192.168.1.1', 'private'],
  ['http://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/', '10.0.0.1', 'private'],
  // link-local
  ['http://169.254.1.1/', '169.254.1.1', 'link-local'],
  ['http://[fe80::1]/', 'fe80::1', 'link-local'],
  ['http://[febf::1]/', 'febf::1', 'link-local'],
  ['http://[::ffff:169.254.1.1]/', '169.254.1.1', 'link-local'],
  // carrier-grade NAT
  ['http://100.64.0.1/', '100.64.0.1', 'carrier-grade NAT'],
  ['http://100.127.255.254/', '100.127.255.254', 'carrier-grade NAT'],
  ['http://[::ffff:100.64.0.1]/', '100.64.0.1', 'carrier-grade NAT'],
  // multicast
  ['http://224.0.0.1/', '224.0.0.1', 'multicast'],
  ['http://239.255.255.250/', '239.255.255.250', 'multicast'],
  ['http://[ff02::1]/', 'ff02::1', 'multicast'],
  ['http://[ff05::1:3]/', 'ff05::1:3', 'multicast'],
  // broadcast
  ['http://255.255.255.255/', '255.255.255.255', 'broadcast'],
  ['http://4294967295/', '255.255.255.255', 'broadcast'],
  ['http://[::ffff:255.255.255.255]/', '255.255.255.255', 'broadcast'],
  // reserved, including documentation ranges
  ['http://0.1.2.3/', '0.1.2.3', 'this network'],
  ['http://240.0.0.1/', '240.0.0.1', 'reserved'],
  ['http://255.255.255.254/', '255.255.255.254', 'reserved'],
  ['http://192.0.0.1/', '192.0.0.1', 'reserved'],
  ['http://192.0.0.170/', '192.0.0.170', 'reserved'],
  ['http://192.88.99.1/', '192.88.99.1', 'reserved'],
  ['http://198.18.0.1/', '198.18.0.1', 'reserved'],
  ['http://198.19.255.255/', '198.19.255.255', 'reserved'],
  ['http://192.0.2.1/', '192.0.2.1', 'reserved'],
  ['http://198.51.100.1/', '198.51.100.1', 'reserved'],
  ['http://203.0.113.1/', '203.0.113.1', 'reserved'],
  ['http://[::ffff:203.0.113.1]/', '203.0.113.1', 'reserved'],
  ['http://[fec0::1]/', 'fec0::1', 'reserved'],
  ['http://[3fff::1]/', '3fff::1', 'reserved'],
  ['http://[64:ff9b:1::1]/', '64:ff9b:1::1', 'reserved'],
  ['http://[100::1]/', '100::1', 'reserved'],
  ['http://[2001:2::1]/', '2001:2::1', 'reserved'],
  ['http://[2001:5::1]/', '2001:5::1', 'reserved'],
  ['http://[2001:1::4]/', '2001:1::4', 'reserved'],
  ['http://[2001:db8::1]/', '2001:db8::1', 'reserved'],
  ['http://[2001:DB8:0:0:0:0:0:1]/', '2001:db8::1', 'reserved'],
  ['http://[5f00::1]/', '5f00::1', 'reserved'],
  ['http://[4000::1]/', '4000::1', 'reserved'],
  ['http://[::2]/', '0.0.0.2', 'this network'],
  // embedded forms refused even when what they carry is public
  ['http://[2001:0:4136:e378:8000:63bf:f7f7:f7f7]/', '8.8.8.8', 'Teredo'],
  ['http://[::8.8.8.8]/', '::808:808', 'IPv4-compatible'],
  ['http://[::ffff:0:808:808]/', '::ffff:0:808:808', 'IPv4-translated'],
  // the host after `#`, `?` or `\` is not the host
  ['http://127.0.0.1#@public.example/', '127.0.0.1', 'loopback'],
  ['http://127.0.0.1?@public.example/', '127.0.0.1', 'loopback'],
  ['http://127.0.0.1\\@public.example', '127.0.0.1', 'loopback'],
];

/** [URL, the address the message must name] for cloud metadata, in several spellings. */
const METADATA_LITERALS: [string, string][] = [
  ['http://169.254.169.254/', '169.254.169.254'],
  ['http://169.254.43518/', '169.254.169.254'],
  ['http://2852039166/', '169.254.169.254'],
  ['http://0xa9fea9fe/', '169.254.169.254'],
  ['http://0251.0376.0251.0376/', '169.254.169.254'],
  ['http://169.254.170.2/', '169.254.170.2'],
  ['http://100.100.100.200/', '100.100.100.200'],
  ['http://192.0.0.192/', '192.0.0.192'],
  ['http://[fd00:ec2::254]/', 'fd00:ec2::254'],
  ['http://[::ffff:169.254.169.254]/', '169.254.169.254'],
  ['http://[::ffff:a9fe:a9fe]/', '169.254.169.254'],
  ['http://[64:ff9b::a9fe:a9fe]/', '169.254.169.254'],
  ['http://[2002:a9fe:a9fe::]/', '169.254.169.254'],
  ['http://[::ffff:100.100.100.200]/', '100.100.100.200'],
];

describe('checkTarget refuses addresses that are not public', () => {
  it.each(BLOCKED_LITERALS)('%s names %s as %s', async (url, address, reason) => {
    const failure = failureOf(await check(url));
    expect(failure.code).toBe('blocked_address');
    expect(failure.message).toContain(address);
    expect(failure.message).toContain(reason);
  });

  it.each(METADATA_LITERALS)('%s is cloud metadata (%s)', async (url, address) => {
    const failure = failureOf(await check(url));
    expect(failure.code).toBe('blocked_address');
    expect(failure.message).toContain(address);
    expect(failure.message).toContain('metadata');
  });

  it('does not resolve an IP host', async () => {
    const resolve = memoryResolver(RECORDS);
    await checkTarget('http://127.0.0.1/', POLICY, resolve);
    await checkTarget('http://8.8.8.8/', POLICY, resolve);
    expect(resolve.asked).toEqual([]);
  });
});

describe('checkTarget refuses local and metadata names before any lookup', () => {
  it.each([
    ['http://localhost/', 'this machine'],
    ['http://localhost./', 'this machine'],
    ['http://LOCALHOST/', 'this machine'],
    ['http://%6c%6fcalhost/', 'this machine'],
    ['http://localhost../', 'this machine'],
    ['http://app.localhost/', 'this machine'],
    ['http://a.b.localhost./', 'this machine'],
    ['http://localhost.localdomain/', 'this machine'],
    ['http://ip6-localhost/', 'this machine'],
    ['http://metadata.google.internal/computeMetadata/v1/', 'metadata'],
    ['http://METADATA.GOOGLE.INTERNAL./', 'metadata'],
    ['http://metadata/', 'metadata'],
    ['http://instance-data/latest/meta-data/', 'metadata'],
  ])('%s', async (url, reason) => {
    const resolve = memoryResolver({ ...RECORDS, 'metadata.google.internal': ['93.184.216.34'] });
    const failure = failureOf(await checkTarget(url, POLICY, resolve));
    expect(failure.code).toBe('blocked_address');
    expect(failure.message).toContain(reason);
    expect(resolve.asked).toEqual([]);
  });
});

describe('checkTarget refuses bad URLs', () => {
  it.each([
    ['not a url', 'could not be parsed'],
    ['http://', 'could not be parsed'],
    ['http://[::1/', 'could not be parsed'],
    ['http://1.2.3.4.5/', 'could not be parsed'],
    ['http://4294967296/', 'could not be parsed'],
    ['http://public.example:65536/', 'could not be parsed'],
    // WHATWG URL rejects IPv6 zone ids, encoded or not
    ['http://[fe80::1%25eth0]/', 'could not be parsed'],
    ['http://[fe80::1%eth0]/', 'could not be parsed'],
    ['file:///etc/passwd', 'file:'],
    ['ftp://public.example/', 'ftp:'],
    ['javascript:alert(1)', 'javascript:'],
    ['data:text/html,<h1>hi</h1>', 'data:'],
    ['gopher://public.example/', 'gopher:'],
    ['ws://public.example/', 'ws:'],
  ])('%s', async (url, reason) => {
    const failure = failureOf(await check(url));
    expect(failure.code).toBe('bad_url');
    expect(failure.message).toContain(reason);
  });

  it.each([
    'http://user@public.example/',
    'http://:hunter2@public.example/',
    'http://user:hunter2@public.example/',
    'http://@public.example/',
    'http://:@public.example/',
    'http:@public.example/',
    'HTTP://@public.example/',
    'http://\t@public.example/',
    ' http://@public.example/',
    'http:\\\\@public.example/',
    'http://public.example@127.0.0.1/',
    'http://a@b@public.example/',
  ])('refuses userinfo in %s without echoing it', async (url) => {
    const failure = failureOf(await check(url));
    expect(failure.code).toBe('bad_url');
    expect(failure.message).toContain('user name or password');
    expect(failure.message).not.toContain('hunter2');
  });

  it('refuses userinfo in a URL object', async () => {
    const failure = failureOf(await check(new URL('https://user:hunter2@public.example/')));
    expect(failure.code).toBe('bad_url');
  });

  it('accepts an @ that is not in the authority', async () => {
    const target = targetOf(await check('http://public.example/@127.0.0.1'));
    expect(target.host).toBe('public.example');
    expect(targetOf(await check('http://public.example#@127.0.0.1/')).host).toBe('public.example');
    expect(targetOf(await check('http://public.example/?to=a@b')).host).toBe('public.example');
  });
});

describe('checkTarget checks the port', () => {
  it.each<[string, Partial<AddressPolicy>, number]>([
    ['http://public.example/', {}, 80],
    ['https://public.example/', {}, 443],
    ['http://public.example:80/', {}, 80],
    ['http://public.example:443/', {}, 443],
    ['https://public.example:80/', {}, 80],
    ['http://public.example:8080/', { ports: [80, 443, 8080] }, 8080],
    ['http://public.example:8080/', { allowedHosts: ['public.example:8080'] }, 8080],
    ['http://127.0.0.1:3000/', { allowedHosts: ['127.0.0.1:3000'] }, 3000],
    ['http://[::1]:3000/', { allowedHosts: ['[::1]:3000'] }, 3000],
    ['http://[::1]:3000/', { allowedHosts: ['[0:0:0:0:0:0:0:1]:3000'] }, 3000],
    ['http://localhost:3000/', { allowedHosts: ['localhost:3000'] }, 3000],
  ])('accepts %s', async (url, policy, port) => {
    expect(targetOf(await check(url, policy)).port).toBe(port);
  });

  it.each<[string, Partial<AddressPolicy>, string]>([
    ['http://public.example:8080/', {}, '8080'],
    ['https://public.example:8443/', {}, '8443'],
    ['http://public.example:0/', {}, 'port 0'],
    ['http://public.example:65535/', {}, '65535'],
    ['http://public.example:22/', {}, '22'],
    ['http://public.example:8080/', { allowedHosts: ['public.example'] }, '8080'],
    ['http://public.example:8080/', { allowedHosts: ['other.example:8080'] }, '8080'],
    ['http://public.example:8080/', { allowedHosts: ['public.example:8081'] }, '8080'],
    ['http://127.0.0.1:3001/', { allowedHosts: ['127.0.0.1:3000'] }, '3001'],
    ['http://8.8.8.8:25/', {}, '25'],
  ])('refuses %s', async (url, policy, named) => {
    const failure = failureOf(await check(url, policy));
    expect(failure.code).toBe('bad_port');
    expect(failure.message).toContain(named);
  });
});

describe('checkTarget judges every address a name has', () => {
  it.each<[string[], string, string]>([
    [['93.184.216.34', '10.0.0.1'], '10.0.0.1', 'private'],
    [['10.0.0.1', '93.184.216.34'], '10.0.0.1', 'private'],
    [['8.8.8.8', '::1'], '::1', 'loopback'],
    [[PUBLIC_V6, 'fe80::1'], 'fe80::1', 'link-local'],
    [['1.1.1.1', '::ffff:127.0.0.1'], '127.0.0.1', 'loopback'],
    [['8.8.8.8', '169.254.169.254'], '169.254.169.254', 'metadata'],
    [['::ffff:7f00:1'], '127.0.0.1', 'loopback'],
    [['::ffff:192.168.0.5'], '192.168.0.5', 'private'],
    [['64:ff9b::a00:1'], '10.0.0.1', 'private'],
    [['0:0:0:0:0:ffff:7f00:1'], '127.0.0.1', 'loopback'],
    [['fe80::1%eth0'], 'fe80::1%eth0', 'zone id'],
    [['not-an-address'], 'not-an-address', 'not an IP address'],
    [['2130706433'], '2130706433', 'not an IP address'],
    [['010.0.0.1'], '010.0.0.1', 'not an IP address'],
  ])('refuses a name resolving to %j', async (addresses, address, reason) => {
    const failure = failureOf(
      await check('https://mixed.example/', {}, { 'mixed.example': addresses }),
    );
    expect(failure.code).toBe('blocked_address');
    expect(failure.message).toContain('mixed.example');
    expect(failure.message).toContain(address);
    expect(failure.message).toContain(reason);
  });

  it('fails with dns when the name is unknown, without a stack', async () => {
    const failure = failureOf(await check('https://missing.example/'));
    expect(failure).toEqual({ code: 'dns', message: 'could not look up missing.example' });
  });

  it('fails with dns when the name has no addresses', async () => {
    const failure = failureOf(await check('https://empty.example/'));
    expect(failure.code).toBe('dns');
    expect(failure.message).toContain('could not look up empty.example');
  });

  it('looks the name up once, without a trailing dot', async () => {
    const resolve = memoryResolver(RECORDS);
    targetOf(await checkTarget('https://Public.Example./', POLICY, resolve));
    expect(resolve.asked).toEqual(['public.example']);
  });
});

describe('checkTarget accepts public addresses', () => {
  it.each<[string, string, string[]]>([
    ['http://93.184.216.34/', '93.184.216.34', ['93.184.216.34']],
    ['http://8.8.8.8/', '8.8.8.8', ['8.8.8.8']],
    ['https://1.1.1.1/dns-query', '1.1.1.1', ['1.1.1.1']],
    [`http://[${PUBLIC_V6}]/`, PUBLIC_V6, [PUBLIC_V6]],
    ['http://[2001:4860:4860::8888]/', '2001:4860:4860::8888', ['2001:4860:4860::8888']],
    ['http://[::ffff:8.8.8.8]/', '::ffff:808:808', ['::ffff:808:808']],
    ['http://[64:ff9b::808:808]/', '64:ff9b::808:808', ['64:ff9b::808:808']],
    ['http://[2002:808:808::1]/', '2002:808:808::1', ['2002:808:808::1']],
    ['http://[2001:200::1]/', '2001:200::1', ['2001:200::1']],
    ['http://[2001:1::1]/', '2001:1::1', ['2001:1::1']],
    ['http://192.0.0.9/', '192.0.0.9', ['192.0.0.9']],
    // just outside the refused ranges
    ['http://100.63.255.255/', '100.63.255.255', ['100.63.255.255']],
    ['http://100.128.0.0/', '100.128.0.0', ['100.128.0.0']],
    ['http://172.15.255.255/', '172.15.255.255', ['172.15.255.255']],
    ['http://172.32.0.0/', '172.32.0.0', ['172.32.0.0']],
    ['http://169.253.255.255/', '169.253.255.255', ['169.253.255.255']],
    ['http://198.20.0.0/', '198.20.0.0', ['198.20.0.0']],
    ['http://223.255.255.255/', '223.255.255.255', ['223.255.255.255']],
    ['http://1.0.0.0/', '1.0.0.0', ['1.0.0.0']],
    ['http://public.example/', 'public.example', ['93.184.216.34']],
    ['https://dual.example/', 'dual.example', ['93.184.216.34', PUBLIC_V6]],
    ['HTTPS://DUAL.Example./', 'dual.example', ['93.184.216.34', PUBLIC_V6]],
    ['http://public.example#@127.0.0.1/', 'public.example', ['93.184.216.34']],
  ])('%s', async (url, host, addresses) => {
    const target = targetOf(await check(url));
    expect(target.host).toBe(host);
    expect(target.addresses).toEqual(addresses);
  });

  it('returns the parsed URL, the host without brackets, the port and canonical addresses', async () => {
    const records = { 'v6.example': ['2606:2800:0220:0001:0248:1893:25C8:1946', '8.8.8.8'] };
    const target = targetOf(await check(new URL('https://V6.example:443/a?b#c'), {}, records));
    expect(target.url.href).toBe('https://v6.example/a?b#c');
    expect(target).toMatchObject({ host: 'v6.example', port: 443 });
    expect(target.addresses).toEqual([PUBLIC_V6, '8.8.8.8']);
    const literal = targetOf(await check(`http://[${PUBLIC_V6.toUpperCase()}]:443/`));
    expect(literal).toMatchObject({ host: PUBLIC_V6, port: 443, addresses: [PUBLIC_V6] });
  });
});

describe('allowPrivate', () => {
  const PRIVATE = [
    '10.0.0.1',
    '172.16.0.1',
    '192.168.0.1',
    '100.64.0.1',
    '[fc00::1]',
    '[fd12::1]',
    '[::ffff:10.0.0.1]',
    '[64:ff9b::a00:1]',
  ];

  it.each(PRIVATE)('allows %s when on', async (host) => {
    expect(targetOf(await check(`http://${host}/`, { allowPrivate: true })).port).toBe(80);
  });

  it.each(PRIVATE)('refuses %s when off', async (host) => {
    const failure = failureOf(await check(`http://${host}/`));
    expect(failure.code).toBe('blocked_address');
    expect(failure.message).toMatch(/private|carrier-grade NAT/);
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['[::]', 'unspecified'],
    ['169.254.1.1', 'link-local'],
    ['[fe80::1]', 'link-local'],
    ['224.0.0.1', 'multicast'],
    ['192.0.2.1', 'reserved'],
    ['169.254.169.254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['[fd00:ec2::254]', 'metadata'],
    ['[::ffff:100.100.100.200]', 'metadata'],
    ['[2001:0:4136:e378:8000:63bf:f5ff:fffe]', 'Teredo'],
  ])('still refuses %s (%s)', async (host, reason) => {
    const failure = failureOf(await check(`http://${host}/`, { allowPrivate: true }));
    expect(failure.code).toBe('blocked_address');
    expect(failure.message).toContain(reason);
  });
});

describe('allowedHosts', () => {
  it.each<[string, string, Record<string, string[]>?]>([
    ['wiki.intranet', 'http://wiki.intranet/'],
    ['WIKI.Intranet', 'http://wiki.intranet/'],
    ['wiki.intranet.', 'http://wiki.intranet./'],
    ['wiki.intranet:8443', 'https://wiki.intranet:8443/'],
    ['wiki.intranet:80', 'http://wiki.intranet/'],
    ['127.0.0.1', 'http://127.0.0.1/'],
    ['127.0.0.1:443', 'https://127.0.0.1/'],
    ['::1', 'http://[::1]/'],
    ['[::1]', 'http://[::1]/'],
    ['localhost:3000', 'http://localhost:3000/'],
    ['10.9.8.7', 'http://10.9.8.7/'],
    ['lab.intranet', 'http://lab.intranet/', { 'lab.intranet': ['fe80::1', '169.254.7.7'] }],
  ])('%s lets %s through', async (entry, url, records = RECORDS) => {
    const target = targetOf(await check(url, { allowedHosts: [entry] }, records));
    expect(target.addresses.length).toBeGreaterThan(0);
  });

  it.each([
    ['wiki.intranet:8443', 'http://wiki.intranet/', '10.1.2.3'],
    ['other.intranet', 'http://wiki.intranet/', '10.1.2.3'],
    ['127.0.0.1:3000', 'http://127.0.0.1/', '127.0.0.1'],
    ['intranet', 'http://wiki.intranet/', '10.1.2.3'],
  ])('%s does not let %s through', async (entry, url, address) => {
    const failure = failureOf(await check(url, { allowedHosts: [entry] }));
    expect(failure.code).toBe('blocked_address');
    expect(failure.message).toContain(address);
  });

  it.each([
    ['169.254.169.254', 'http://169.254.169.254/', '169.254.169.254'],
    ['169.254.169.254:80', 'http://169.254.169.254/', '169.254.169.254'],
    ['100.100.100.200', 'http://100.100.100.200/', '100.100.100.200'],
    ['192.0.0.192', 'http://192.0.0.192/', '192.0.0.192'],
    ['fd00:ec2::254', 'http://[fd00:ec2::254]/', 'fd00:ec2::254'],
    ['[fd00:ec2::254]:80', 'http://[fd00:ec2::254]/', 'fd00:ec2::254'],
    ['::ffff:169.254.169.254', 'http://[::ffff:a9fe:a9fe]/', '169.254.169.254'],
    ['meta.example', 'http://meta.example/', '169.254.169.254'],
    ['mapped-meta.example', 'http://mapped-meta.example/', '169.254.169.254'],
    ['metadata.google.internal', 'http://metadata.google.internal/', 'metadata.google.internal'],
  ])('never lets metadata through: %s for %s', async (entry, url, named) => {
    const failure = failureOf(await check(url, { allowedHosts: [entry], allowPrivate: true }));
    expect(failure.code).toBe('blocked_address');
    expect(failure.message).toContain(named);
    expect(failure.message).toContain('metadata');
  });
});

describe('own addresses', () => {
  const OWN: Partial<AddressPolicy> = {
    ownAddresses: ['198.41.0.4', '2606:4700::6810:1', '192.168.1.10', '127.0.0.1', '::1'],
  };

  it.each<[string, Partial<AddressPolicy>, string]>([
    ['http://198.41.0.4/', {}, '198.41.0.4'],
    ['http://[::ffff:198.41.0.4]/', {}, '198.41.0.4'],
    ['http://[64:ff9b::c629:4]/', {}, '198.41.0.4'],
    ['http://[2606:4700::6810:1]/', {}, '2606:4700::6810:1'],
    ['http://[2606:4700:0:0:0:0:6810:1]/', {}, '2606:4700::6810:1'],
    ['http://192.168.1.10/', { allowPrivate: true }, '192.168.1.10'],
    ['http://self.example/', {}, '198.41.0.4'],
  ])('refuses %s', async (url, policy, address) => {
    const records = { 'self.example': ['8.8.8.8', '198.41.0.4'] };
    const failure = failureOf(await check(url, { ...OWN, ...policy }, records));
    expect(failure.code).toBe('blocked_address');
    expect(failure.message).toContain(address);
    expect(failure.message).toContain("this machine's own");
  });

  it('still says loopback for a loopback own address', async () => {
    const failure = failureOf(await check('http://127.0.0.1/', OWN));
    expect(failure.message).toBe('127.0.0.1 is a loopback address');
  });

  it('lets a neighbour in an allowed private range through', async () => {
    const target = targetOf(await check('http://192.168.1.11/', { ...OWN, allowPrivate: true }));
    expect(target.addresses).toEqual(['192.168.1.11']);
  });

  it('lets an allow-listed test server on this machine through', async () => {
    const target = targetOf(
      await check('http://127.0.0.1:4000/', { ...OWN, allowedHosts: ['127.0.0.1:4000'] }),
    );
    expect(target).toMatchObject({ host: '127.0.0.1', port: 4000, addresses: ['127.0.0.1'] });
  });
});

describe('refusal', () => {
  it.each<[string, Partial<AddressPolicy>, boolean, string | undefined]>([
    ['8.8.8.8', {}, false, undefined],
    [PUBLIC_V6, {}, false, undefined],
    ['127.0.0.1', {}, false, '127.0.0.1 is a loopback address'],
    [
      '::ffff:7f00:1',
      {},
      false,
      '::ffff:7f00:1 is an IPv4-mapped address for 127.0.0.1, a loopback address',
    ],
    ['10.0.0.1', {}, true, undefined],
    ['127.0.0.1', {}, true, undefined],
    ['fe80::1', {}, true, undefined],
    ['10.0.0.1', { allowPrivate: true }, false, undefined],
    ['169.254.169.254', {}, true, '169.254.169.254 is a cloud metadata address'],
    ['fd00:ec2::254', { allowPrivate: true }, false, 'fd00:ec2::254 is a cloud metadata address'],
    [
      '8.8.4.4',
      { ownAddresses: ['8.8.4.4'] },
      false,
      "8.8.4.4 is one of this machine's own addresses",
    ],
    [
      'fe80::1%eth0',
      {},
      true,
      'fe80::1%eth0 has a zone id, so it names a network interface of this machine',
    ],
    ['example.org', {}, false, 'example.org is not an IP address'],
  ])('%s %j allowed=%s', (address, policy, allowed, expected) => {
    expect(refusal(address, { ...POLICY, ...policy }, allowed)).toBe(expected);
  });
});
