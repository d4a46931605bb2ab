import { VERSION as version } from '../version.js';
import { EXIT, type ExitCode, UsageError } from './exit-codes.js';
import type { Io } from './io.js';

export const USAGE = `lookout ${version}: give LLM chats the web, safely.

Usage:
  lookout search <query> [--limit N] [--freshness day|week|month|year]
                         [--site HOST] [--provider NAME] [--json]
  lookout fetch <url> [--max-chars N] [--start N] [--format markdown|text]
                      [--json | --wrapped]
  lookout chat [--prompt TEXT] [--json] [--verbose] [--no-web]
                      a chat with the model server that can search and read
  lookout [serve]                     the HTTP API and MCP at /mcp (LOOKOUT_HOST, LOOKOUT_PORT)
  lookout mcp                         web_search and web_fetch for an MCP client, over stdio
  lookout providers [--json]          each provider: on or off, what it needs, cool-down
  lookout providers test <query> [--json]
                                      ask every provider and show what each did
  lookout --help | --version

Settings come from LOOKOUT_* environment variables (see the README),
for example LOOKOUT_SEARXNG_URL=https://searx.example.org.

Exit codes: 0 done, 1 no results, 2 bad arguments or settings,
3 no search provider works, 4 address refused (nothing was sent),
5 the page could not be read, 6 the chat turn failed, 70 a bug in lookout.
`;

/** Commands load their modules only when run, so `--help` answers at once. */
const COMMANDS: Record<
  string,
  () => Promise<{ run: (args: string[], io: Io) => Promise<ExitCode> }>
> = {
  search: () => import('./commands/search.js'),
  fetch: () => import('./commands/fetch.js'),
  chat: () => import('./commands/chat.js'),
  serve: () => import('./commands/serve.js'),
  mcp: () => import('./commands/mcp.js'),
  providers: () => import('./commands/providers.js'),
};

export async function main(args: string[], io: Io): Promise<ExitCode> {
  // With no command, lookout serves: the README's first command starts the server.
  const [command = 'serve', ...rest] = args;
  if (command === '--help' || command === '-h' || command === 'help') {
    io.out(USAGE);
    return EXIT.ok;
  }
  if (command === '--version' || command === '-v') {
    io.out(`${version}\n`);
    return EXIT.ok;
  }
  const load = COMMANDS[command];
  if (!load) {
    io.err(`lookout: unknown command "${command}"\n\n${USAGE}`);
    return EXIT.usage;
  }
  try {
    return await (await load()).run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`lookout ${command}: ${error.message}\nRun "lookout --help" for usage.\n`);
      return EXIT.usage;
    }
    if (error instanceof Error && error.name === 'LookoutError') {
      // One line per bad setting, each naming its variable.
      io.err(`${error.message.replace(/^/gm, 'lookout: ')}\n`);
      return EXIT.usage;
    }
    const id = Math.random().toString(36).slice(2, 10);
    io.err(
      `lookout: internal error ${id}: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    if (io.env.LOOKOUT_DEBUG) io.err(`${(error as Error).stack}\n`);
    return EXIT.internal;
  }
}
