import type { Resolver } from '../fetch/address-policy.js';
import type { WebSearch } from '../search/web-search.js';
import type { Settings } from '../settings/schema.js';
import type { Page, SearchResult, WebActivity } from '../types.js';

/** What running a tool gives: the text the model reads and the activity a person sees. */
export interface ToolResult {
  ok: boolean;
  text: string;
  activity: WebActivity;
  /** What a call that worked found, in lookout's one shape, for doors that hand it on as data (MCP). */
  structured?: SearchResult | Page;
}

/** What every door hands the tools: the search service and the settings of the fetcher. */
export interface ToolContext {
  search: WebSearch;
  settings: Readonly<Settings>;
  resolve?: Resolver;
  ownAddresses?: readonly string[];
  signal?: AbortSignal;
  /** Who the call is for, so searches count against that person's limit. */
  user?: string;
}

/** JSON Schema of a tool's arguments, as OpenAI-compatible servers and MCP clients read it. */
export interface ArgumentSchema {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required: string[];
  additionalProperties: false;
}

/** One web tool, defined once for every door. */
export interface Tool {
  name: 'web_search' | 'web_fetch';
  /** What the model is told the tool does. */
  description: string;
  parameters: ArgumentSchema;
  /** Runs a call whose arguments came from a model: lenient with them, never throwing for them. */
  run(args: unknown, context: ToolContext): Promise<ToolResult>;
}

/** The tool as the `tools` array of a chat-completions request lists it. */
export const openAiTool = (tool: Tool) => ({
  type: 'function' as const,
  function: { name: tool.name, description: tool.description, parameters: tool.parameters },
});
