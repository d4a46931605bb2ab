import type { Failure } from '../../failure.js';
import { FRESHNESS, MAX_RESULTS } from '../../search/query.js';
import type { Freshness, SearchResult } from '../../types.js';
import { EXIT, type ExitCode, UsageError } from '../exit-codes.js';
import { type Io, paint, withStatus } from '../io.js';
import { parseCommand, wholeNumberOption } from '../parse-command.js';
import { renderSources } from '../render-sources.js';
import { cliSearchService } from '../search-service.js';

const OPTIONS = {
  limit: { type: 'string', short: 'n' },
  freshness: { type: 'string' },
  site: { type: 'string' },
  provider: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function freshnessOf(text: string | undefined): Freshness | undefined {
  if (text === undefined) return undefined;
  if (!(FRESHNESS as readonly string[]).includes(text)) {
    throw new UsageError(`--freshness must be one of ${FRESHNESS.join(', ')} (got "${text}")`);
  }
  return text as Freshness;
}

/** `lookout search <query>`: one search through the chain, for people or (`--json`) scripts. */
export async function run(args: string[], io: Io): Promise<ExitCode> {
  const { values, positionals } = parseCommand(args, OPTIONS);
  if (values.help) {
    io.out(
      'Usage: lookout search <query> [--limit N] [--freshness day|week|month|year] [--site HOST] [--provider NAME] [--json]\n',
    );
    return EXIT.ok;
  }
  const query = positionals.join(' ');
  if (!query.trim())
    throw new UsageError('give a query, for example: lookout search "rust async runtime"');
  const maxResults = wholeNumberOption('limit', values.limit, 1, MAX_RESULTS);
  const freshness = freshnessOf(values.freshness);

  const service = cliSearchService(io);
  const outcome = await withStatus(io, `searching: ${query.slice(0, 60)}`, () =>
    service.search({
      query,
      ...(maxResults ? { maxResults } : {}),
      ...(freshness ? { freshness } : {}),
      ...(values.site !== undefined ? { site: values.site } : {}),
      ...(values.provider !== undefined ? { provider: values.provider } : {}),
    }),
  );

  if (!outcome.ok) return failed(io, outcome.failure, values.json === true);
  const result = outcome.value;
  if (values.json) io.out(`${JSON.stringify(result, null, 2)}\n`);
  else io.out(render(io, result));
  return result.sources.length > 0 || result.answer ? EXIT.ok : EXIT.noResults;
}

function failed(io: Io, failure: Failure, json: boolean): ExitCode {
  const code = failure.code === 'no_provider_works' ? EXIT.noProvider : EXIT.usage;
  if (json) io.out(`${JSON.stringify({ error: failure }, null, 2)}\n`);
  io.err(`lookout search: ${failure.message}\n`);
  return code;
}

function render(io: Io, result: SearchResult): string {
  const parts: string[] = [];
  if (result.answer) parts.push(result.answer);
  if (result.sources.length > 0) parts.push(renderSources(io, result.sources));
  else parts.push(`No results for "${result.query}".`);
  const passed = result.attempts
    .filter((attempt) => attempt.outcome !== 'ok')
    .map(
      (attempt) => `${attempt.provider}: ${attempt.reason ?? attempt.outcome.replace('_', ' ')}`,
    );
  const from = result.provider
    ? `Results from ${result.host} (${result.provider}), ${result.cached ? 'cached' : `${result.ms} ms`}.`
    : 'No provider found anything.';
  parts.push(paint(io, 'dim', [from, ...passed.map((line) => `  passed over ${line}`)].join('\n')));
  return `${parts.join('\n\n')}\n`;
}
