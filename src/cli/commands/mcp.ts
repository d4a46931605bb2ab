import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer } from '../../mcp/mcp-server.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import type { Io } from '../io.js';
import { parseCommand } from '../parse-command.js';
import { cliSearchService } from '../search-service.js';

const OPTIONS = { help: { type: 'boolean', short: 'h' } } as const;

/**
 * `lookout mcp`: web_search and web_fetch for an MCP client that starts
 * lookout and speaks to it over stdin and stdout. Stdout carries the
 * protocol alone; warnings go to stderr. It ends when the client closes
 * stdin, which is how MCP clients stop a server.
 */
export async function run(args: string[], io: Io): Promise<ExitCode> {
  const { values } = parseCommand(args, OPTIONS);
  if (values.help) {
    io.out('Usage: lookout mcp   (an MCP server over stdio, for a chat client to start)\n');
    return EXIT.ok;
  }
  // The same search service and settings as `lookout search`: cool-downs shared on disk.
  const search = cliSearchService(io);
  const server = createMcpServer({ search, settings: search.settings });
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  // The SDK's stdio transport does not notice the end of stdin; closing aborts calls still running.
  const close = () => void server.close();
  process.stdin.once('end', close);
  process.stdout.on('error', close);
  await server.connect(new StdioServerTransport());
  await closed;
  return EXIT.ok;
}
