import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/server/serve.js';
import { freshDataDir } from '../cli/run-cli.js';
import { type EngineFakes, startEngineFakes } from '../fakes/engines.js';
import { type SiteFake, startSite } from '../fakes/site-fake.js';
import { type McpDoor, webToolsContract } from './web-tools-contract.js';

const USER_TOKEN = 'user-token-for-mcp-tests';
const OTHER_USER_TOKEN = 'another-user-token-for-mcp-tests';

async function serve(env: Record<string, string>): Promise<RunningServer> {
  const started = await startServer(
    { LOOKOUT_PORT: '0', LOOKOUT_DATA_DIR: freshDataDir(), ...env },
    () => {},
  );
  if (!started.ok) throw new Error(started.failure.message);
  return started.value;
}

/** The SDK's own Streamable HTTP client at `/mcp`, with a bearer token when given one. */
async function connectOverHttp(url: string, token?: string): Promise<Client> {
  const client = new Client({ name: 'lookout-test', version: '0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
      ...(token ? { requestInit: { headers: { authorization: `Bearer ${token}` } } } : {}),
    }),
  );
  return client;
}

webToolsContract('over Streamable HTTP (/mcp of lookout serve)', async (env) => {
  const server = await serve(env);
  const client = await connectOverHttp(server.url);
  return {
    client,
    close: async () => {
      await client.close();
      await server.close();
    },
  } satisfies McpDoor;
});

describe('/mcp of lookout serve', () => {
  let fakes: EngineFakes;
  let site: SiteFake;
  let server: RunningServer;
  // A page that never answers, and word of when its reader hung up.
  let readerLeft: () => void = () => {};
  const left = new Promise<void>((resolve) => {
    readerLeft = resolve;
  });
  beforeAll(async () => {
    [fakes, site] = await Promise.all([
      startEngineFakes(),
      startSite({ '/never': (response) => response.on('close', readerLeft) }),
    ]);
    server = await serve({
      ...fakes.env(),
      LOOKOUT_ALLOWED_HOSTS: `127.0.0.1:${site.port}`,
      LOOKOUT_ADMIN_TOKEN: 'admin-token-for-mcp-tests',
      LOOKOUT_USER_TOKENS: `${USER_TOKEN},${OTHER_USER_TOKEN}`,
      LOOKOUT_SEARCH_LIMIT_PER_USER: '1',
    });
  });
  afterAll(async () => {
    await server.close();
    await Promise.all([fakes.close(), site.close()]);
  });

  const post = (headers: Record<string, string> = {}, body?: string, signal?: AbortSignal) =>
    fetch(`${server.url}/mcp`, {
      method: 'POST',
      ...(signal ? { signal } : {}),
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body:
        body ??
        JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-06-18',
            capabilities: {},
            clientInfo: { name: 'curl', version: '0' },
          },
        }),
    });

  it('needs a bearer token when tokens are set', async () => {
    const response = await post();
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { code: 'unauthorized', message: 'a bearer token is required' },
    });
    expect((await post({ authorization: 'Bearer not-a-token' })).status).toBe(401);
    await expect(connectOverHttp(server.url)).rejects.toThrow();
    const answered = await post({ authorization: `Bearer ${USER_TOKEN}` });
    expect(answered.status).toBe(200);
    expect(answered.headers.get('mcp-session-id')).toBeNull();
  });

  it("counts searches against the caller's own limit", async () => {
    const client = await connectOverHttp(server.url, USER_TOKEN);
    const other = await connectOverHttp(server.url, OTHER_USER_TOKEN);
    try {
      const first = await client.callTool({ name: 'web_search', arguments: { query: 'one' } });
      expect(first.isError).toBeFalsy();
      const second = await client.callTool({ name: 'web_search', arguments: { query: 'two' } });
      expect(second.isError).toBe(true);
      expect((second.content as { text: string }[])[0]?.text).toMatch(
        /^web_search failed \(rate_limited\): /,
      );
      const others = await other.callTool({ name: 'web_search', arguments: { query: 'three' } });
      expect(others.isError).toBeFalsy();
    } finally {
      await Promise.all([client.close(), other.close()]);
    }
  });

  it('refuses a body over the API limit before reading it', async () => {
    const response = await post(
      { authorization: `Bearer ${USER_TOKEN}` },
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'ping',
        params: { pad: 'x'.repeat(70_000) },
      }),
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: 'too_large' } });
  });

  it('stops reading a page when the client hangs up', async () => {
    const call = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'web_fetch', arguments: { url: `${site.url}/never` } },
    });
    const hungUp = post({ authorization: `Bearer ${USER_TOKEN}` }, call, AbortSignal.timeout(300));
    await expect(hungUp).rejects.toThrow();
    // Far sooner than the fetcher's own 15 s limit.
    const gaveUp = new Promise((_, reject) =>
      setTimeout(() => reject(new Error('the page is still being read')), 3_000),
    );
    await Promise.race([left, gaveUp]);
  });

  it('is stateless: GET and DELETE are 405, naming POST', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${server.url}/mcp`, {
        method,
        headers: { authorization: `Bearer ${USER_TOKEN}`, accept: 'text/event-stream' },
      });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
  });
});
