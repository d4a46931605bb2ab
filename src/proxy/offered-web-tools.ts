import { toolSpecName } from '../chat/types.js';
import type { Settings } from '../settings/schema.js';
import { WEB_TOOLS } from '../tools/index.js';
import type { Tool } from '../tools/tool.js';
import type { ProxyRequest } from './proxy-request.js';

/**
 * The web tools a request gets: with `:web` always, with a plain name when
 * `proxy_web` is on. None when the client asked for no tool calls
 * (`tool_choice: "none"`) or no round may use them; none of a name the client
 * gave one of its own tools, which it keeps. No tools means the request is
 * relayed as it is.
 */
export function offeredWebTools(
  request: ProxyRequest,
  settings: Pick<Settings, 'proxy_web' | 'max_tool_rounds'>,
): readonly Tool[] {
  if (!request.webAsked && !settings.proxy_web) return [];
  if (request.extraBody.tool_choice === 'none' || settings.max_tool_rounds === 0) return [];
  const taken = new Set(request.clientTools.map(toolSpecName));
  return WEB_TOOLS.filter((tool) => !taken.has(tool.name));
}
