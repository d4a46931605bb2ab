import { once } from 'node:events';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';

/** What a site saw of one request. */
export interface SeenRequest {
  path: string;
  headers: IncomingMessage['headers'];
}

/** One path of a site: answers however the test needs, well-behaved or not. */
export type Route = (request: SeenRequest, response: ServerResponse) => void | Promise<void>;

export interface Site {
  host: string;
  port: number;
  requests: SeenRequest[];
  close(): Promise<void>;
}

/**
 * An HTTP site on a loopback address (127.0.0.1 unless told) with one route
 * per path; other paths are 404. `port` 0 lets the kernel choose.
 */
export async function startSite(
  routes: Record<string, Route>,
  { host = '127.0.0.1', port = 0 } = {},
): Promise<Site> {
  const requests: SeenRequest[] = [];
  const server = createHttpServer(async (incoming, response) => {
    const seen = {
      path: new URL(incoming.url ?? '/', 'http://site.invalid').pathname,
      headers: incoming.headers,
    };
    requests.push(seen);
    const route = routes[seen.path];
    if (route) await route(seen, response);
    else response.writeHead(404, { 'Content-Type': 'text/plain' }).end('no such page');
  });
  const bound = await listen(server, host, port);
  return {
    host,
    port: bound,
    requests,
    close: async () => {
      server.closeAllConnections();
      await close(server);
    },
  };
}

/** Headers, then one byte a second for as long as the client listens. */
export const trickle: Route = (_request, response) =>
  new Promise<void>((done) => {
    response.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': '1000' });
    const timer = setInterval(() => response.write('x'), 1000);
    response.on('close', () => {
      clearInterval(timer);
      done();
    });
  });

/** Never answers: the client has to give up. */
export const hang: Route = (_request, response) =>
  new Promise<void>((done) => response.on('close', () => done()));

/**
 * A redirect to `location` (a function when it needs the site's own port),
 * with a body the client should leave unread.
 */
export const redirectTo =
  (location: string | (() => string), status = 302, headers: Record<string, string> = {}): Route =>
  (_request, response) => {
    const to = typeof location === 'string' ? location : location();
    response
      .writeHead(status, { Location: to, 'Content-Type': 'text/html', ...headers })
      .end('<p>moved</p>');
  };

/** A TCP listener that answers nothing, keeping the first bytes of every connection. */
export interface SocketRecorder {
  port: number;
  url: string;
  /** The first bytes each connection sent (empty until it sends), in order of arrival. */
  connections: Buffer[];
  close(): Promise<void>;
}

/**
 * What the test can see of a client that should never come (a proxy), or
 * whose first bytes matter (a TLS ClientHello naming the server).
 */
export async function startSocketRecorder(): Promise<SocketRecorder> {
  const sockets = new Set<Socket>();
  const connections: Buffer[] = [];
  const server = createServer((socket) => {
    sockets.add(socket);
    // Counted on arrival, so a client that connects and sends nothing is seen too.
    const index = connections.push(Buffer.alloc(0)) - 1;
    socket.once('data', (chunk: Buffer) => {
      connections[index] = chunk;
      socket.destroy();
    });
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await listen(server, '127.0.0.1', 0);
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    connections,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await close(server);
    },
  };
}

async function listen(server: Server, host: string, port: number): Promise<number> {
  server.listen(port, host);
  // once() rejects on 'error', so an address that cannot be bound fails here.
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

async function close(server: Server): Promise<void> {
  server.close();
  await once(server, 'close');
}
