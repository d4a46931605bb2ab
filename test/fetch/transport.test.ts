import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Outcome } from '../../src/failure.js';
import type { AddressPolicy, Resolver } from '../../src/fetch/address-policy.js';
import { pinnedLookup } from '../../src/fetch/pinned-lookup.js';
import {
  type Fetched,
  fetchPublic,
  HARD_MAX_BODY_BYTES,
  MAX_BODY_BYTES,
  type TransportOptions,
} from '../../src/fetch/transport.js';
import {
  hang,
  type Route,
  redirectTo,
  type Site,
  startSite,
  startSocketRecorder,
  trickle,
} from '../fakes/hostile-server.js';
import { closedPort } from '../fakes/http-fake.js';

const MiB = 1024 * 1024;
/** Far past both the default and the hard cap, yet only kilobytes once compressed. */
const BOMB_BYTES = 50 * MiB;
const USER_AGENT = 'lookout/0.0.0-test (+https://github.com/lookout)';
const ACCEPT =
  'text/markdown, text/html;q=0.9, application/xhtml+xml;q=0.9, text/plain;q=0.8, application/pdf;q=0.7, */*;q=0.5';
const PAGE = '<h1>Hello</h1>';

/**
 * The test setup lets sockets open only to loopback, judging the host it is
 * handed before any lookup; so the one name the tests connect by is
 * `localhost`, answered by the resolver below (never by the system's).
 */
const NAME = 'localhost';

/** Names the tests use; each answer is a list, or a function of how many times the name was asked. */
type Answers = Record<string, string[] | ((call: number) => string[] | Promise<string[]>)>;

/** An in-memory resolver that counts the lookups of each name; unknown names fail as DNS does. */
function tableResolver(answers: Answers): { resolve: Resolver; calls: Map<string, number> } {
  const calls = new Map<string, number>();
  const resolve: Resolver = async (name) => {
    const call = (calls.get(name) ?? 0) + 1;
    calls.set(name, call);
    const answer = answers[name];
    if (answer === undefined)
      throw Object.assign(new Error(`no such name ${name}`), { code: 'ENOTFOUND' });
    return typeof answer === 'function' ? answer(call) : answer;
  };
  return { resolve, calls };
}

const text =
  (body: string, type = 'text/plain'): Route =>
  (_request, response) => {
    response.writeHead(200, { 'Content-Type': type }).end(body);
  };

const encoded =
  (encoding: string, body: () => Buffer): Route =>
  (_request, response) => {
    response
      .writeHead(200, { 'Content-Type': 'text/plain', 'Content-Encoding': encoding })
      .end(body());
  };

/** A body sent chunked, so no Content-Length warns the client of its size. */
const undeclared =
  (bytes: number): Route =>
  (_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/plain' });
    response.write(Buffer.alloc(bytes, 'a'));
    response.end();
  };

/** Compression bombs by route: the coding a server names, and how the zeros were packed. */
const BOMBS: Record<string, [coding: string, pack: (zeros: Buffer) => Buffer]> = {
  gzip: ['gzip', gzipSync],
  deflate: ['deflate', deflateSync],
  'raw-deflate': ['deflate', deflateRawSync],
  br: [
    'br',
    (zeros) => brotliCompressSync(zeros, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  ],
};

let site: Site;

/** A URL on the site, by name unless told otherwise. */
const at = (path: string, host = NAME) => `http://${host}:${site.port}${path}`;

/** A chain of `count` redirects ending at a page: relative Locations, and absolute ones changing host. */
function hops(count: number): Record<string, Route> {
  const routes: Record<string, Route> = { '/hop/0': text(PAGE, 'text/html') };
  for (let n = 1; n <= count; n++) {
    const host = n % 4 === 0 ? '127.0.0.1' : NAME;
    routes[`/hop/${n}`] =
      n % 2 === 1 ? redirectTo(String(n - 1)) : redirectTo(() => at(`/hop/${n - 1}`, host), 301);
  }
  return routes;
}

function bombRoutes(): Record<string, Route> {
  const zeros = Buffer.alloc(BOMB_BYTES);
  return Object.fromEntries(
    Object.entries(BOMBS).map(([name, [coding, pack]]) => {
      const packed = pack(zeros);
      return [`/bomb/${name}`, encoded(coding, () => packed)];
    }),
  );
}

beforeAll(async () => {
  site = await startSite({
    '/page': text(PAGE, 'text/html; charset=UTF-8'),
    ...hops(6),
    '/to-private': redirectTo(() => at('/', '10.0.0.1')),
    '/to-metadata': redirectTo(() => at('/latest/meta-data/', 'metadata.test')),
    '/to-file': redirectTo('file:///etc/passwd'),
    '/to-self': redirectTo(() => at('/page')),
    '/no-location': (_request, response) => {
      response.writeHead(302).end('nowhere');
    },
    '/endless-redirect': (_request, response) => {
      response.writeHead(302, { Location: '/page', 'Content-Type': 'text/html' });
      response.write('<p>a redirect whose body never ends');
    },
    '/cut-off': (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': '100' });
      response.write('only ten b', () => response.destroy());
    },
    '/set-cookie': redirectTo('/after-cookie', 302, { 'Set-Cookie': 'session=secret; Path=/' }),
    '/after-cookie': text('landed'),
    '/gzip': encoded('gzip', () => gzipSync('small gzip')),
    '/x-gzip': encoded('x-gzip', () => gzipSync('small x-gzip')),
    '/deflate': encoded('deflate', () => deflateSync('small deflate')),
    '/raw-deflate': encoded('deflate', () => deflateRawSync('small raw deflate')),
    '/br': encoded('br', () => brotliCompressSync('small br')),
    '/stacked': encoded('gzip, br', () => brotliCompressSync(gzipSync('two codings'))),
    '/zstd': encoded('zstd', () => Buffer.from('left as sent')),
    '/broken-gzip': encoded('gzip', () => Buffer.from('this was never gzip')),
    ...bombRoutes(),
    '/trickle': trickle,
    '/hang': hang,
    '/declared-large': (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': String(3 * MiB) });
      response.write('a');
    },
    '/undeclared-large': undeclared(3 * MiB),
    '/eleven-mib': undeclared(11 * MiB),
    '/server-error': (_request, response) => {
      response.writeHead(500).end('oops');
    },
  });
});

afterAll(async () => {
  await site?.close();
});

afterEach(() => {
  vi.unstubAllEnvs();
});

const names = (): ReturnType<typeof tableResolver> =>
  tableResolver({
    [NAME]: ['127.0.0.1'],
    'metadata.test': ['169.254.169.254'],
  });

function options(extra: Partial<TransportOptions> = {}, ports = [site.port]): TransportOptions {
  const policy: AddressPolicy = {
    allowPrivate: false,
    ports,
    allowedHosts: [NAME, '127.0.0.1'],
    ownAddresses: [],
  };
  return { policy, resolve: names().resolve, userAgent: USER_AGENT, ...extra };
}

const fetchPath = (path: string, extra: Partial<TransportOptions> = {}) =>
  fetchPublic(at(path), options(extra));

function fetched(outcome: Outcome<Fetched>): Fetched {
  if (!outcome.ok)
    throw new Error(`expected a page, got ${outcome.failure.code}: ${outcome.failure.message}`);
  return outcome.value;
}

function failure(outcome: Outcome<Fetched>) {
  if (outcome.ok) throw new Error(`expected a failure, got ${outcome.value.status}`);
  expect(outcome.failure.message).not.toMatch(/\n\s+at |user-agent|accept/i);
  return outcome.failure;
}

/** The requests the site saw for a path. */
const seen = (path: string) => site.requests.filter((request) => request.path === path);

describe('fetchPublic', () => {
  it('reads a plain page, naming its type without parameters', async () => {
    const page = fetched(await fetchPath('/page'));
    expect(page).toMatchObject({
      url: at('/page'),
      finalUrl: at('/page'),
      status: 200,
      contentType: 'text/html',
      partial: false,
    });
    expect(Buffer.from(page.body).toString()).toBe(PAGE);
    expect(page.headers.get('content-type')).toBe('text/html; charset=UTF-8');
  });

  it('sends only its own headers, with the name as Host, to the checked address', async () => {
    await fetchPath('/page?headers');
    const request = seen('/page').at(-1);
    expect(request?.headers).toEqual({
      host: `${NAME}:${site.port}`,
      connection: 'keep-alive',
      'user-agent': USER_AGENT,
      accept: ACCEPT,
      'accept-encoding': 'gzip, deflate, br',
    });
  });

  describe('redirects', () => {
    it('follows 5, relative and absolute, and reports where it ended', async () => {
      const before = site.requests.length;
      const page = fetched(await fetchPath('/hop/5'));
      expect(page.finalUrl).toBe(at('/hop/0'));
      expect(page.url).toBe(at('/hop/5'));
      const paths = site.requests.slice(before).map((request) => request.path);
      expect(paths).toEqual(['/hop/5', '/hop/4', '/hop/3', '/hop/2', '/hop/1', '/hop/0']);
      // /hop/4 sent an absolute Location on the address, /hop/2 one back on the name.
      expect(seen('/hop/3').at(-1)?.headers.host).toBe(`127.0.0.1:${site.port}`);
      expect(seen('/hop/1').at(-1)?.headers.host).toBe(`${NAME}:${site.port}`);
    });

    it('stops at the 6th redirect without following it', async () => {
      const before = site.requests.length;
      const result = await fetchPath('/hop/6');
      expect(failure(result).code).toBe('too_many_redirects');
      const paths = site.requests.slice(before).map((request) => request.path);
      expect(paths).not.toContain('/hop/0');
    });

    it('fails on a redirect to a private address, without connecting there', async () => {
      // A connection to 10.0.0.1 would throw in the loopback-only test setup, not fail as blocked.
      const result = await fetchPath('/to-private');
      expect(failure(result)).toMatchObject({ code: 'blocked_address' });
      expect(failure(result).message).toContain('10.0.0.1');
    });

    it('fails on a redirect to a name that resolves to a metadata address', async () => {
      const { resolve, calls } = names();
      const result = await fetchPath('/to-metadata', { resolve });
      expect(failure(result).code).toBe('blocked_address');
      expect(calls.get('metadata.test')).toBe(1);
    });

    it('fails on a redirect to a scheme other than http and https', async () => {
      expect(failure(await fetchPath('/to-file')).code).toBe('bad_url');
    });

    it('returns a redirect without Location as it is', async () => {
      const page = fetched(await fetchPath('/no-location'));
      expect(page.status).toBe(302);
      expect(Buffer.from(page.body).toString()).toBe('nowhere');
    });

    it('leaves the body of a redirect unread', async () => {
      const page = fetched(await fetchPath('/endless-redirect', { timeoutMs: 2_000 }));
      expect(page.finalUrl).toBe(at('/page'));
    });

    it('never sends a cookie back', async () => {
      fetched(await fetchPath('/set-cookie'));
      expect(seen('/after-cookie').at(-1)?.headers.cookie).toBeUndefined();
      expect(seen('/after-cookie').at(-1)?.headers.authorization).toBeUndefined();
    });
  });

  describe('pinning', () => {
    it('connects to the address it checked although the resolver now answers otherwise', async () => {
      // Nothing listens on 127.0.0.2: had the name been looked up again, the connection would fail.
      const { resolve, calls } = tableResolver({
        [NAME]: (call) => (call === 1 ? ['127.0.0.1'] : ['127.0.0.2']),
      });
      const page = fetched(await fetchPath('/page', { resolve }));
      expect(Buffer.from(page.body).toString()).toBe(PAGE);
      expect(calls.get(NAME)).toBe(1);
    });

    it('goes to the checked address, not to a later answer nor the system resolver', async (context) => {
      // The page lives on 127.0.0.3; a decoy on 127.0.0.1 (where the system resolves localhost) gets
      // whatever a second lookup would send.
      const real = await startSite(
        { '/page': text('the checked address') },
        { host: '127.0.0.3' },
      ).catch(() => undefined);
      if (!real)
        return context.skip('127.0.0.3 cannot be bound here (only Linux routes all of 127/8)');
      const decoy = await startSite({ '/page': text('the decoy') }, { port: real.port });
      try {
        const { resolve } = tableResolver({
          [NAME]: (call) => (call === 1 ? ['127.0.0.3'] : ['127.0.0.1']),
        });
        const url = `http://${NAME}:${real.port}/page`;
        const page = fetched(await fetchPublic(url, options({ resolve }, [real.port])));
        expect(Buffer.from(page.body).toString()).toBe('the checked address');
        expect(real.requests[0]?.headers.host).toBe(`${NAME}:${real.port}`);
        expect(decoy.requests).toEqual([]);
      } finally {
        await Promise.all([real.close(), decoy.close()]);
      }
    });

    it('resolves and checks again on each hop, so a name rebound to metadata fails there', async () => {
      const { resolve, calls } = tableResolver({
        [NAME]: (call) => (call === 1 ? ['127.0.0.1'] : ['169.254.169.254']),
      });
      const result = await fetchPath('/to-self', { resolve });
      expect(failure(result).code).toBe('blocked_address');
      expect(calls.get(NAME)).toBe(2);
    });

    it('answers a socket lookup from the checked addresses only', () => {
      const lookup = pinnedLookup(['127.0.0.1', '::1']);
      const answers: unknown[] = [];
      lookup('example.com', { all: true }, (error, address) => answers.push(error, address));
      lookup('example.com', {}, (error, address, family) => answers.push(error, address, family));
      lookup('example.com', { family: 6 }, (error, address) => answers.push(error, address));
      const v4only = pinnedLookup(['127.0.0.1']);
      v4only('example.com', { family: 6 }, (error) =>
        answers.push((error as NodeJS.ErrnoException).code),
      );
      expect(answers).toEqual([
        null,
        [
          { address: '127.0.0.1', family: 4 },
          { address: '::1', family: 6 },
        ],
        null,
        '127.0.0.1',
        4,
        null,
        '::1',
        'ENOTFOUND',
      ]);
    });
  });

  describe('TLS', () => {
    it('sends the name as SNI while connecting to the checked address', async () => {
      const recorder = await startSocketRecorder();
      try {
        const url = `https://${NAME}:${recorder.port}/page`;
        const result = await fetchPublic(url, options({}, [recorder.port]));
        expect(['connect', 'tls']).toContain(failure(result).code);
        expect(recorder.connections[0]?.includes(NAME)).toBe(true);
      } finally {
        await recorder.close();
      }
    });

    it('refuses a certificate it cannot trust, naming why', async () => {
      const directory = mkdtempSync(join(tmpdir(), 'lookout-tls-'));
      const key = join(directory, 'key.pem');
      const certificate = join(directory, 'cert.pem');
      // A self-signed certificate for the name, made with the system's openssl.
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-keyout',
          key,
          '-out',
          certificate,
          '-days',
          '1',
          '-subj',
          `/CN=${NAME}`,
        ],
        { stdio: 'ignore' },
      );
      const server = createHttpsServer(
        { key: readFileSync(key), cert: readFileSync(certificate) },
        (_request, response) => {
          response.end('secret');
        },
      );
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      try {
        const { port } = server.address() as AddressInfo;
        const result = await fetchPublic(`https://${NAME}:${port}/`, options({}, [port]));
        const refused = failure(result);
        expect(refused.code).toBe('tls');
        expect(refused.message).toMatch(
          /localhost failed the secure connection \((DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN)\)/,
        );
      } finally {
        server.close();
      }
    });

    it('fails as tls when the server does not speak it', async () => {
      const result = await fetchPublic(`https://${NAME}:${site.port}/page`, options());
      expect(failure(result).code).toBe('tls');
    });
  });

  describe('bodies', () => {
    it.each([
      ['/gzip', 'small gzip'],
      ['/x-gzip', 'small x-gzip'],
      ['/deflate', 'small deflate'],
      ['/raw-deflate', 'small raw deflate'],
      ['/br', 'small br'],
      ['/stacked', 'two codings'],
      ['/zstd', 'left as sent'],
    ])('decodes %s', async (path, expected) => {
      const page = fetched(await fetchPath(path));
      expect(Buffer.from(page.body).toString()).toBe(expected);
      expect(page.partial).toBe(false);
    });

    it.each(Object.keys(BOMBS))(
      'cuts a %s bomb at the cap, counting decoded bytes',
      async (kind) => {
        const page = fetched(await fetchPath(`/bomb/${kind}`));
        expect(page.partial).toBe(true);
        expect(page.body.byteLength).toBe(MAX_BODY_BYTES);
        expect(page.body.every((byte) => byte === 0)).toBe(true);
      },
    );

    it('fails as unreadable when the coding does not decode', async () => {
      expect(failure(await fetchPath('/broken-gzip')).code).toBe('unreadable');
    });

    it('refuses a declared length over the cap before reading it', async () => {
      const started = performance.now();
      const problem = failure(await fetchPath('/declared-large'));
      expect(problem.code).toBe('too_large');
      expect(problem.message).toMatch(/3 MiB.*2 MiB/);
      expect(performance.now() - started).toBeLessThan(2_000);
    });

    it('cuts an undeclared body at the cap', async () => {
      const page = fetched(await fetchPath('/undeclared-large'));
      expect(page).toMatchObject({ partial: true });
      expect(page.body.byteLength).toBe(MAX_BODY_BYTES);
    });

    it('honours a smaller cap, and a larger one only up to the hard cap', async () => {
      const small = fetched(await fetchPath('/undeclared-large', { maxBytes: 1_000 }));
      expect(small.body.byteLength).toBe(1_000);
      const large = fetched(await fetchPath('/eleven-mib', { maxBytes: 100 * MiB }));
      expect(large).toMatchObject({ partial: true });
      expect(large.body.byteLength).toBe(HARD_MAX_BODY_BYTES);
    });
  });

  describe('time', () => {
    it('gives up on a server that trickles one byte a second', async () => {
      const started = performance.now();
      const problem = failure(await fetchPath('/trickle', { timeoutMs: 1_500 }));
      expect(problem).toEqual({
        code: 'timeout',
        message: 'the page did not load within 1.5 seconds',
      });
      expect(performance.now() - started).toBeLessThan(3_000);
    });

    it('gives up on a resolver that never answers', async () => {
      const resolve: Resolver = () => new Promise(() => {});
      const problem = failure(await fetchPath('/page', { resolve, timeoutMs: 200 }));
      expect(problem.code).toBe('timeout');
    });

    it('stops when the caller gives up', async () => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 100);
      const problem = failure(await fetchPath('/hang', { signal: controller.signal }));
      expect(problem).toEqual({ code: 'timeout', message: 'the fetch was cancelled' });
    });

    it('does not start when the caller already gave up', async () => {
      const before = site.requests.length;
      const problem = failure(await fetchPath('/page', { signal: AbortSignal.abort() }));
      expect(problem.code).toBe('timeout');
      expect(site.requests.length).toBe(before);
    });
  });

  describe('failures', () => {
    it.each([
      ['/missing', 404, 'the server answered 404 Not Found'],
      ['/server-error', 500, 'the server answered 500 Internal Server Error'],
    ])('turns %s into http_status', async (path, status, message) => {
      expect(failure(await fetchPath(path))).toEqual({ code: 'http_status', message, status });
    });

    it('fails as connect when the port is closed', async () => {
      const port = await closedPort();
      const result = await fetchPublic(`http://${NAME}:${port}/`, options({}, [port]));
      expect(failure(result)).toEqual({
        code: 'connect',
        message: `${NAME} refused the connection`,
      });
    });

    it('fails as connect when the server hangs up in the middle of the body', async () => {
      expect(failure(await fetchPath('/cut-off'))).toEqual({
        code: 'connect',
        message: `${NAME} closed the connection`,
      });
    });

    it('fails as dns when the name does not resolve', async () => {
      const result = await fetchPublic(at('/', 'nowhere.test'), options());
      expect(failure(result).code).toBe('dns');
    });

    it('ignores proxy variables', async () => {
      const proxy = await startSocketRecorder();
      try {
        for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY']) {
          vi.stubEnv(name, proxy.url);
          vi.stubEnv(name.toLowerCase(), proxy.url);
        }
        vi.stubEnv('NO_PROXY', '');
        vi.stubEnv('no_proxy', '');
        const page = fetched(await fetchPath('/page'));
        expect(page.status).toBe(200);
        expect(proxy.connections).toEqual([]);
      } finally {
        await proxy.close();
      }
    });
  });
});
