import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { WEB_TOOLS } from '../tools/index.js';
import type { ToolContext } from '../tools/tool.js';
import { UNTRUSTED_NOTICE } from '../untrusted.js';
import { VERSION } from '../version.js';
import { mcpTool, mcpToolResult } from './mcp-tool.js';

/**
 * An MCP server offering the web tools to one client, over any transport
 * (stdio, or one HTTP request). Calls are cancelled the MCP way, by the
 * client's cancel or by closing the server, so the context has no signal.
 *
 * It is the SDK's low-level `Server`, not `McpServer`: that one wants Zod
 * schemas and refuses arguments they reject, while lookout lists its own
 * JSON Schema and lets the tools read arguments leniently, as every door does.
 */
export function createMcpServer(context: Omit<ToolContext, 'signal'>): Server {
  const server = new Server(
    { name: 'lookout', version: VERSION },
    // MCP's place for the one system prompt line: what the tools return is data, not orders.
    { capabilities: { tools: {} }, instructions: UNTRUSTED_NOTICE },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: WEB_TOOLS.map(mcpTool) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = WEB_TOOLS.find((candidate) => candidate.name === request.params.name);
    // A name that was never listed is the client's mistake: a protocol error, by the spec.
    if (!tool) {
      const names = WEB_TOOLS.map((candidate) => candidate.name).join(', ');
      throw new McpError(
        ErrorCode.InvalidParams,
        `no tool named ${request.params.name}; the tools are ${names}`,
      );
    }
    const result = await tool.run(request.params.arguments ?? {}, {
      ...context,
      signal: extra.signal,
    });
    return mcpToolResult(result);
  });
  return server;
}
