import { startServer } from '../../server/serve.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import type { Io } from '../io.js';
import { parseCommand } from '../parse-command.js';

const OPTIONS = { help: { type: 'boolean', short: 'h' } } as const;

/** `lookout serve`: the HTTP API until SIGTERM or Ctrl-C, then a graceful stop. */
export async function run(args: string[], io: Io): Promise<ExitCode> {
  const { values } = parseCommand(args, OPTIONS);
  if (values.help) {
    io.out('Usage: lookout serve   (address and port: LOOKOUT_HOST, LOOKOUT_PORT)\n');
    return EXIT.ok;
  }
  const started = await startServer(io.env, (line) => io.err(`${line}\n`));
  if (!started.ok) {
    io.err(`lookout serve: ${started.failure.message}\n`);
    return EXIT.usage;
  }
  const { url } = started.value;
  io.err(
    `lookout serve: listening on ${url} (open it in a browser to chat; API: ${url}/openapi.json, MCP: ${url}/mcp)\n`,
  );
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      io.err('lookout serve: stopping\n');
      started.value.close().then(resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  return EXIT.ok;
}
