import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerRequest } from '../../src/search/provider-http.js';
import { defaultSettings } from '../../src/settings/schema.js';

/** Engines that misbehave at the HTTP level, whatever their format. */
describe('a provider request against a hostile server', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/trickle') {
        response.writeHead(200, { 'content-type': 'text/html' });
        const timer = setInterval(() => response.write('x'), 50);
        response.on('close', () => clearInterval(timer));
      } else if (request.url === '/huge') {
        response.writeHead(200, { 'content-type': 'text/html' });
        const chunk = Buffer.alloc(64 * 1024, 'a');
        for (let index = 0; index < 80; index++) response.write(chunk);
        response.end();
      } else if (request.url === '/bomb') {
        response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
        response.end(gzipSync(Buffer.alloc(64 * 1024 * 1024, 0)));
      } else if (request.url === '/hangup') {
        request.socket.destroy();
      }
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  const ask = (path: string, timeoutMs = 2_000) =>
    providerRequest(
      {
        endpoint: base,
        settings: defaultSettings(),
        signal: AbortSignal.timeout(timeoutMs),
        fetch,
        now: Date.now,
      },
      `${base}${path}`,
    );

  it('times out on a body that trickles forever', async () => {
    expect(await ask('/trickle', 300)).toEqual({
      outcome: 'timeout',
      reason: 'did not answer in time',
    });
  });

  it('stops reading a body larger than a result page', async () => {
    expect(await ask('/huge')).toMatchObject({
      outcome: 'error',
      reason: expect.stringMatching(/larger than 4 MiB/),
    });
  });

  it('stops a compression bomb at the same cap, counted after decoding', async () => {
    expect(await ask('/bomb')).toMatchObject({
      outcome: 'error',
      reason: expect.stringMatching(/larger than 4 MiB/),
    });
  });

  it('reports a server that hangs up', async () => {
    expect(await ask('/hangup')).toMatchObject({
      outcome: 'error',
      reason: expect.stringMatching(/closed the connection|could not be reached/),
    });
  });
});
