import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiRequest } from '../../src/search/api-request.js';
import type { ProviderContext } from '../../src/search/provider.js';
import type { HttpReply } from '../../src/search/provider-http.js';
import { retryAfterMs } from '../../src/search/retry-after.js';
import { defaultSettings } from '../../src/settings/schema.js';
import { type FakeServer, type RecordedRequest, startFake } from '../fakes/http-fake.js';

/** A server answering each request with the next of `answers`, then 200 for the rest. */
type Answer = (response: ServerResponse) => void;
const ok: Answer = (response) =>
  response.writeHead(200, { 'content-type': 'application/json' }).end('{"results":[]}');
const tooMany =
  (retryAfter: string): Answer =>
  (response) =>
    response
      .writeHead(429, { 'retry-after': retryAfter, 'content-type': 'application/json' })
      .end('{}');

describe('a request to a keyed API', () => {
  let server: FakeServer;
  let answers: Answer[];
  beforeAll(async () => {
    server = await startFake((_request, response) => (answers.shift() ?? ok)(response));
  });
  afterAll(() => server.close());
  beforeEach(() => {
    answers = [];
    server.requests.length = 0;
  });

  const context = (remainingMs: number, timeoutMs = 5_000): ProviderContext => ({
    endpoint: `${server.url}/search`,
    settings: defaultSettings(),
    signal: AbortSignal.timeout(timeoutMs),
    remainingMs: () => remainingMs,
    fetch,
    now: Date.now,
  });
  const status = (reply: Awaited<ReturnType<typeof apiRequest>>) =>
    'status' in reply ? (reply as HttpReply).status : reply.outcome;

  it('waits out a Retry-After that fits in the time left, once', async () => {
    answers = [tooMany('1')];
    const started = Date.now();
    const reply = await apiRequest(context(5_000), `${server.url}/search`, {});
    expect(status(reply)).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(server.requests).toHaveLength(2);
  });

  it('does not wait when the Retry-After leaves no time for the answer', async () => {
    answers = [tooMany('30')];
    const started = Date.now();
    const reply = await apiRequest(context(5_000), `${server.url}/search`, {});
    expect(status(reply)).toBe(429);
    expect(Date.now() - started).toBeLessThan(500);
    expect(server.requests).toHaveLength(1);
  });

  it('asks once more only: a second 429 stands', async () => {
    answers = [tooMany('1'), tooMany('1')];
    expect(status(await apiRequest(context(5_000), `${server.url}/search`, {}))).toBe(429);
    expect(server.requests).toHaveLength(2);
  });

  it('sends nothing to another origin than its endpoint', async () => {
    const reply = await apiRequest(context(5_000), 'http://127.0.0.1:9/search', {
      headers: { 'X-API-KEY': 'secret' },
    });
    expect(reply).toEqual({ outcome: 'error', reason: 'refused to send its key to another host' });
    expect(server.requests).toHaveLength(0);
  });

  it('names itself and asks for JSON', async () => {
    await apiRequest(context(5_000), `${server.url}/search`, { headers: { 'X-API-KEY': 'k' } });
    const request = server.requests[0] as RecordedRequest;
    expect(request.headers['user-agent']).toMatch(/^lookout\/\d/);
    expect(request.headers.accept).toBe('application/json');
    expect(request.headers['x-api-key']).toBe('k');
  });

  it('tells a bot check and a firewall in front of the API from the API', async () => {
    answers = [
      (response) =>
        response
          .writeHead(403, { 'cf-mitigated': 'challenge', 'content-type': 'text/html' })
          .end('<html>'),
      (response) => response.writeHead(403, { 'content-type': 'text/html' }).end('<html>'),
      (response) =>
        response
          .writeHead(403, { 'content-type': 'application/json' })
          .end('{"message":"Unauthorized."}'),
    ];
    const url = `${server.url}/search`;
    expect(await apiRequest(context(5_000), url, {})).toMatchObject({ outcome: 'challenged' });
    expect(await apiRequest(context(5_000), url, {})).toMatchObject({
      outcome: 'blocked',
      reason: 'blocked this server (403, not the API answering)',
    });
    expect(status(await apiRequest(context(5_000), url, {}))).toBe(403);
  });
});

describe('Retry-After', () => {
  it('reads delay seconds and HTTP dates', () => {
    const now = Date.parse('2026-11-30T12:00:00Z');
    expect(retryAfterMs('30', now)).toBe(30_000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Mon, 30 Nov 2026 12:00:05 GMT', now)).toBe(5_000);
    expect(retryAfterMs('Mon, 30 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('-5', now)).toBeUndefined();
  });
});
