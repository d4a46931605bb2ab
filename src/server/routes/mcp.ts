import type { OpenAPIHono } from '@hono/zod-openapi';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { createMcpServer } from '../../mcp/mcp-server.js';
import { requireRole, userOf } from '../auth.js';
import { problem } from '../problem.js';
import type { ServerContext } from '../server-context.js';
import { toolContextFor } from '../tool-context.js';

/**
 * MCP's Streamable HTTP at `/mcp`, behind the user token like search and
 * fetch. Stateless, the SDK's way: each POST gets a fresh server and
 * transport that live as long as the request, so nothing is kept between
 * requests and searches count against the caller's own limit. Answers are
 * plain JSON: a tool call sends no progress worth a stream.
 */
export function mcpRoutes(app: OpenAPIHono, server: ServerContext): void {
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: '/mcp',
    summary: 'MCP over Streamable HTTP (stateless): web_search and web_fetch for any MCP client',
    description:
      'JSON-RPC 2.0 messages as the Model Context Protocol defines them; answers are JSON.',
    responses: {
      200: { description: 'A JSON-RPC answer' },
      401: { description: 'A bearer token is required' },
    },
  });
  app.use('/mcp', requireRole('user', server));
  app.post('/mcp', async (context) => {
    const request = context.req.raw;
    const mcp = createMcpServer(
      toolContextFor(server, userOf(context.req.header('authorization'))),
    );
    // A client that hangs up cancels its call: closing the server aborts it.
    const hangUp = () => void mcp.close();
    request.signal.addEventListener('abort', hangUp, { once: true });
    // No session id generator: stateless.
    const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
    try {
      await mcp.connect(transport);
      return await transport.handleRequest(request);
    } finally {
      request.signal.removeEventListener('abort', hangUp);
      await mcp.close();
    }
  });
  // Without sessions there is no stream to open with GET and no session to end with DELETE.
  app.on(['GET', 'DELETE'], '/mcp', (context) => {
    context.header('Allow', 'POST');
    return problem(context, 405, 'method_not_allowed', 'MCP here is stateless: send POST');
  });
}
