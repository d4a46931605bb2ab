import type { ToolContext } from '../tools/tool.js';
import type { ServerContext } from './server-context.js';

/**
 * What the web tools get on this server, for one person: searches count
 * against that person's limit, as on the search route, whichever door
 * (chat, MCP, proxy) the call came through.
 */
export const toolContextFor = (server: ServerContext, user: string): ToolContext => ({
  search: server.search,
  settings: server.settings,
  user,
  ...(server.resolve ? { resolve: server.resolve } : {}),
  ...(server.ownAddresses ? { ownAddresses: server.ownAddresses } : {}),
});
