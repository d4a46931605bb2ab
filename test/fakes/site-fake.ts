import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Route = (response: ServerResponse, headers: IncomingHttpHeaders) => void;

export interface SiteFake {
  url: string;
  port: number;
  /** Every path asked for, in order. */
  hits: string[];
  close(): Promise<void>;
}

/** A small web site on 127.0.0.1: one handler per path, 404 elsewhere. */
export async function startSite(routes: Record<string, Route>): Promise<SiteFake> {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://site.invalid').pathname;
    hits.push(path);
    const route = routes[path];
    if (route) route(response, request.headers);
    else response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

export const send =
  (type: string, body: string | Uint8Array, status = 200): Route =>
  (response) =>
    response.writeHead(status, { 'content-type': type }).end(body);
