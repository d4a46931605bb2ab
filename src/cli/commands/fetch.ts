import type { Failure } from '../../failure.js';
import { MAX_MAX_CHARS, MIN_MAX_CHARS, webFetch } from '../../fetch/web-fetch.js';
import { loadSettings } from '../../settings/env.js';
import type { PageFormat } from '../../types.js';
import { describeFailure, wrapPage } from '../../untrusted.js';
import { EXIT, type ExitCode, UsageError } from '../exit-codes.js';
import { type Io, withStatus } from '../io.js';
import { parseCommand, wholeNumberOption } from '../parse-command.js';

const OPTIONS = {
  'max-chars': { type: 'string' },
  start: { type: 'string' },
  format: { type: 'string' },
  json: { type: 'boolean' },
  wrapped: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const USAGE =
  'Usage: lookout fetch <url> [--max-chars N] [--start N] [--format markdown|text] [--json | --wrapped]\n';

/** Failures of the guard: nothing was sent anywhere. */
const REFUSED = new Set<Failure['code']>(['bad_url', 'bad_port', 'blocked_address']);

function formatOf(text: string | undefined): PageFormat | undefined {
  if (text === undefined || text === 'markdown' || text === 'text') return text;
  throw new UsageError(`--format must be markdown or text (got "${text}")`);
}

/** `lookout fetch <url>`: one page through the guard, as Markdown, as JSON, or as a model reads it. */
export async function run(args: string[], io: Io): Promise<ExitCode> {
  const { values, positionals } = parseCommand(args, OPTIONS);
  if (values.help) {
    io.out(USAGE);
    return EXIT.ok;
  }
  if (positionals.length !== 1)
    throw new UsageError('give one address, for example: lookout fetch https://example.org/');
  if (values.json && values.wrapped) throw new UsageError('choose --json or --wrapped, not both');
  const url = positionals[0] as string;
  const maxChars = wholeNumberOption(
    'max-chars',
    values['max-chars'],
    MIN_MAX_CHARS,
    MAX_MAX_CHARS,
  );
  const start = wholeNumberOption('start', values.start, 0, Number.MAX_SAFE_INTEGER);
  const format = formatOf(values.format);

  const settings = loadSettings(io.env);
  const outcome = await withStatus(io, `reading ${url.slice(0, 80)}`, () =>
    webFetch(
      {
        url,
        ...(maxChars ? { maxChars } : {}),
        ...(start !== undefined ? { start } : {}),
        ...(format ? { format } : {}),
      },
      { settings },
    ),
  );

  if (!outcome.ok) {
    if (values.json) io.out(`${JSON.stringify({ error: outcome.failure }, null, 2)}\n`);
    // What a model reads when its call fails.
    if (values.wrapped) io.out(`${describeFailure('web_fetch', outcome.failure)}\n`);
    io.err(`lookout fetch: ${outcome.failure.code}: ${outcome.failure.message}\n`);
    return REFUSED.has(outcome.failure.code) ? EXIT.refused : EXIT.fetchFailed;
  }
  const page = outcome.value;
  if (values.json) io.out(`${JSON.stringify(page, null, 2)}\n`);
  else if (values.wrapped) io.out(`${wrapPage(page)}\n`);
  else {
    const heading = page.title ? `# ${page.title}\n\n` : '';
    const more = page.truncated
      ? `\n\n[truncated, ${page.totalChars - page.start - page.content.length} chars more: --start ${page.start + page.content.length}]`
      : '';
    const cut = page.partial
      ? '[the download stopped at the size limit; the end of the page is missing]\n\n'
      : '';
    io.out(`${cut}${page.start === 0 ? heading : ''}${page.content}${more}\n`);
  }
  return EXIT.ok;
}
