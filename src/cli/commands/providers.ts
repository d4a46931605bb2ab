import { providerStatuses } from '../../search/provider-status.js';
import type { WebSearch } from '../../search/web-search.js';
import { EXIT, type ExitCode, UsageError } from '../exit-codes.js';
import { type Io, paint, withStatus } from '../io.js';
import { parseCommand } from '../parse-command.js';
import { renderSources } from '../render-sources.js';
import { renderTable } from '../render-table.js';
import { cliSearchService } from '../search-service.js';

const OPTIONS = { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } as const;

const USAGE = 'Usage: lookout providers [--json]\n       lookout providers test <query> [--json]\n';

/** `lookout providers [test <query>]`. */
export async function run(args: string[], io: Io): Promise<ExitCode> {
  const { values, positionals } = parseCommand(args, OPTIONS);
  if (values.help) {
    io.out(USAGE);
    return EXIT.ok;
  }
  const [sub, ...words] = positionals;
  if (sub === undefined) return list(cliSearchService(io), io, values.json === true);
  if (sub !== 'test') throw new UsageError(`unknown providers command "${sub}"`);
  const query = words.join(' ');
  if (!query.trim())
    throw new UsageError('give a query, for example: lookout providers test "rust"');
  return test(cliSearchService(io), io, query, values.json === true);
}

/** Every provider in chain order (the off ones last): on or off, what it needs, whether it rests. */
function list(service: WebSearch, io: Io, json: boolean): ExitCode {
  const rows = providerStatuses(service);
  if (json) {
    io.out(`${JSON.stringify(rows, null, 2)}\n`);
    return EXIT.ok;
  }
  const state = (row: (typeof rows)[number]) => {
    if (!row.on) return 'off';
    if (row.restingUntil)
      return `resting until ${row.restingUntil.slice(11, 16)} UTC (${row.restReason})`;
    if (!row.setUp) return 'not set up';
    return row.keyFrom ? `ready (key from ${row.keyFrom})` : 'ready';
  };
  io.out(
    `${renderTable(
      ['provider', 'label', 'host', 'needs', 'state'],
      rows.map((row) => [
        row.name,
        row.label,
        row.host || '-',
        row.needs.replace(/^needs /, ''),
        state(row),
      ]),
    )}\n`,
  );
  return EXIT.ok;
}

async function test(service: WebSearch, io: Io, query: string, json: boolean): Promise<ExitCode> {
  const outcome = await withStatus(io, `asking every provider: ${query.slice(0, 60)}`, () =>
    service.test(query),
  );
  if (!outcome.ok) {
    if (json) io.out(`${JSON.stringify({ error: outcome.failure }, null, 2)}\n`);
    io.err(`lookout providers test: ${outcome.failure.message}\n`);
    return outcome.failure.code === 'no_provider_works' ? EXIT.noProvider : EXIT.usage;
  }
  const report = outcome.value;
  if (json) {
    io.out(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    const table = renderTable(
      ['provider', 'host', 'outcome', 'results', 'time', 'reason'],
      report.providers.map((row) => [
        row.provider,
        row.host || '-',
        row.outcome,
        String(row.results),
        `${row.ms} ms`,
        row.reason ?? '',
      ]),
    );
    const first = report.ok
      ? `${paint(io, 'bold', `First answer, from ${report.host} (${report.provider}):`)}\n\n${renderSources(io, report.sources)}`
      : 'No provider answered with results.';
    io.out(`${table}\n\n${first}\n`);
  }
  return report.ok ? EXIT.ok : EXIT.noProvider;
}
