import type { CallToolResult, Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import type { Tool, ToolResult } from '../tools/tool.js';

/**
 * What a client may assume of both web tools: they change nothing, reach
 * the open web, and asking again changes nothing either (a repeated search
 * may come from the cache).
 */
const WEB_TOOL_HINTS = { readOnlyHint: true, openWorldHint: true, idempotentHint: true } as const;

/**
 * A lookout tool as MCP's `tools/list` lists it: the same name, description
 * and JSON Schema the chat loop sends. No `outputSchema`: the structured
 * content is lookout's SearchResult or Page, documented once in the API.
 */
export const mcpTool = (tool: Tool): McpTool => ({
  name: tool.name,
  description: tool.description,
  inputSchema: { ...tool.parameters },
  annotations: WEB_TOOL_HINTS,
});

/**
 * A tool's result as MCP's `tools/call` answers: the wrapped untrusted text
 * the model reads, what was found as structured content, and a failed search
 * or fetch as `isError` with its reason, so the model reads it and goes on.
 */
export const mcpToolResult = (result: ToolResult): CallToolResult => ({
  content: [{ type: 'text', text: result.text }],
  ...(result.structured ? { structuredContent: { ...result.structured } } : {}),
  ...(result.ok ? {} : { isError: true }),
});
