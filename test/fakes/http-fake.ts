import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the fakes can be made to do. Chosen per request by a word in the query
 * (`fake-challenge`, `fake-empty`, ...) so tests can run in parallel, or for
 * every request by setting `mode` (what an end-to-end CLI test does).
 */
export const SCENARIOS = [
  'results',
  'empty',
  'challenge',
  'forbidden',
  'too_many',
  'server_error',
  'garbage',
  'slow',
  /** A keyed API refuses the key, even the right one (its real bad-key answer). */
  'bad_key',
  /** A 302 to `redirectTo`, another host: a client carrying a key must not follow it. */
  'redirect',
] as const;
export type Scenario = (typeof SCENARIOS)[number];

export interface RecordedRequest {
  method: string;
  path: string;
  /** Query string and, for form posts, the form fields. */
  params: URLSearchParams;
  headers: IncomingMessage['headers'];
}

export interface FakeServer {
  url: string;
  requests: RecordedRequest[];
  mode: Scenario | undefined;
  /** Wait this long before every answer: an engine that is slow but answers. */
  delayMs: number;
  /** Where the `redirect` scenario sends a client. */
  redirectTo: string;
  close(): Promise<void>;
}

/** The discard port on loopback: nothing listens, so a followed redirect fails. */
const NOWHERE = 'http://127.0.0.1:9/elsewhere';

export type FakeHandler = (
  request: RecordedRequest,
  response: ServerResponse,
  scenario: Scenario,
) => void | Promise<void>;

/** How long `slow` waits before answering: longer than any timeout a test sets. */
export const SLOW_MS = 5_000;

/** The scenario a query asks for: the first `fake-<scenario>` word in it. */
export function scenarioOf(query: string): Scenario {
  const word = /\bfake-([a-z_]+)\b/.exec(query)?.[1];
  return (SCENARIOS as readonly string[]).includes(word ?? '') ? (word as Scenario) : 'results';
}

/** An HTTP server on 127.0.0.1 with a kernel-chosen port that records every request. */
export async function startFake(handle: FakeHandler, queryParam = 'q'): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const fake: FakeServer = {
    url: '',
    requests,
    mode: undefined,
    delayMs: 0,
    redirectTo: NOWHERE,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
  const server = createServer(async (incoming, response) => {
    const body = await readBody(incoming);
    const url = new URL(incoming.url ?? '/', 'http://fake.invalid');
    const params = new URLSearchParams(url.search);
    const type = incoming.headers['content-type'] ?? '';
    if (type.includes('application/x-www-form-urlencoded')) {
      for (const [name, value] of new URLSearchParams(body)) params.append(name, value);
    } else if (type.includes('application/json') && body) {
      params.set('json', body);
    }
    const request = {
      method: incoming.method ?? 'GET',
      path: url.pathname,
      params,
      headers: incoming.headers,
    };
    requests.push(request);
    const scenario = fake.mode ?? scenarioOf(params.get(queryParam) ?? '');
    const wait = scenario === 'slow' ? SLOW_MS : fake.delayMs;
    if (wait > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        timers.add(timer);
        response.on('close', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      if (response.destroyed) return;
    }
    if (scenario === 'redirect') {
      response.writeHead(302, { Location: fake.redirectTo }).end();
      return;
    }
    try {
      await handle(request, response, scenario);
    } catch (error) {
      response.writeHead(500).end(String(error));
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

async function readBody(incoming: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
}

export function sendJson(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
}

/** A page with random bytes where a result page should be. */
export const GARBAGE = '\u0000\u00ff<<<not a result page>>> {"results": [';

/** A loopback port that was just free: connecting to it is refused. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/** The pages of an engine that answers in HTML, one per kind of answer. */
export interface EnginePages {
  results: (query: string) => string;
  empty: (query: string) => string;
  challenge: { status: number; html: string };
  /** What a rate-limited client gets with its 429; a plain page unless the engine sends more. */
  tooMany?: string;
}

/** A fake of an HTML result page: each scenario answers with the engine's own page or status. */
export function startHtmlEngineFake(pages: EnginePages): Promise<FakeServer> {
  return startFake((request, response, scenario) => {
    const query = request.params.get('q') ?? '';
    switch (scenario) {
      case 'results':
      case 'slow':
      case 'bad_key':
      case 'redirect':
        // An engine without keys has no key to refuse; a redirect is answered before.
        return sendHtml(response, 200, pages.results(query));
      case 'empty':
        return sendHtml(response, 200, pages.empty(query));
      case 'challenge':
        return sendHtml(response, pages.challenge.status, pages.challenge.html);
      case 'forbidden':
        return sendHtml(response, 403, '<html><body>Forbidden</body></html>');
      case 'too_many':
        return sendHtml(
          response,
          429,
          pages.tooMany ?? '<html><body>Too Many Requests</body></html>',
        );
      case 'server_error':
        return sendHtml(response, 500, '<html><body>Internal Server Error</body></html>');
      case 'garbage':
        return sendHtml(response, 200, GARBAGE);
    }
  });
}
