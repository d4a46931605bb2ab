import net from 'node:net';
import { describe, expect, it } from 'vitest';

describe('the test suite reaches loopback only', () => {
  it('throws on a connection to any other address, naming it', () => {
    expect(() => net.connect({ host: '192.0.2.1', port: 80 })).toThrow(
      /192\.0\.2\.1:80; tests reach loopback only/,
    );
    expect(() => net.connect(443, 'example.com')).toThrow(/example\.com:443/);
  });

  it('makes fetch to the internet fail loudly', async () => {
    const failure = await fetch('https://example.com/').catch((error: Error) => error);
    expect(String((failure as Error & { cause?: Error }).cause?.message)).toMatch(
      /tests reach loopback only/,
    );
  });

  it('lets loopback through', async () => {
    const server = net.createServer((socket) => socket.end()).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as net.AddressInfo;
    const socket = net.connect({ host: '127.0.0.1', port });
    await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    socket.destroy();
    server.close();
  });
});

describe('the test suite looks up no names', () => {
  it('refuses a lookup of a public name, both APIs', async () => {
    const { default: dns } = await import('node:dns');
    expect(() => dns.lookup('example.com', () => {})).toThrow(/test tried to look up example\.com/);
    await expect(dns.promises.lookup('example.org')).rejects.toThrow(/example\.org/);
  });
});
