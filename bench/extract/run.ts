/**
 * The extraction benchmark: lookout's extractor beside the README's baselines
 * on shared/extraction-dev, scored, timed and measured in one run and printed
 * as one table. `npm run bench:extract`; add `-- --fast` to skip timing and
 * memory, `-- --all` to list every full-text case, `-- --show <case id>` to
 * print lookout's output for one case.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as HtmlModule from '../../dist/fetch/extract/html.js';
import { pageText, readabilityText, readabilityTurndown } from './baselines.js';
import { type Case, loadCases, ROOT } from './cases.js';
import { heapPerPage, MEMORY_FLAGS, measureHeap, PASSES, pagesPerSecond } from './cost.js';
import { checkAgainstPublished, rowValues, type Scores, scoreAll } from './rows.js';

// lookout's built code (npm run build), found from the project root.
const { extractHtml } = (await import(
  pathToFileURL(join(ROOT, 'dist/fetch/extract/html.js')).href
)) as typeof HtmlModule;

interface Extractor {
  name: string;
  extract: (html: string, url: string) => string;
  /** Markdown output is stripped before tokenising; text output is tokenised as it is. */
  markdown: boolean;
  /** The column of baselines.tsv this extractor must reproduce. */
  published?: number;
}

const EXTRACTORS: Extractor[] = [
  { name: 'lookout', extract: (html, url) => extractHtml(html, url).markdown, markdown: true },
  { name: 'page text', extract: pageText, markdown: false, published: 2 },
  { name: 'Readability text', extract: readabilityText, markdown: false, published: 3 },
  { name: 'Readability→Turndown', extract: readabilityTurndown, markdown: true },
];

/** Cases listed as the worst for lookout, to guide tuning. */
const WORST = 10;
const LABEL_WIDTH = 44;

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

function printTable(commit: string, cases: Case[], scored: Scores[], fast: boolean): void {
  const names = EXTRACTORS.map(({ name }) => (name === 'lookout' ? `lookout ${commit}` : name));
  const width = Math.max(...names.map((name) => name.length)) + 2;
  const line = (label: string, cells: string[]) =>
    console.log(label.padEnd(LABEL_WIDTH) + cells.map((text) => text.padStart(width)).join(''));
  console.log(
    `\nExtraction benchmark: lookout ${commit}, ${cases.length} cases of shared/extraction-dev, ` +
      `Node ${process.version}\n`,
  );
  line('metric (cases)', names);
  const table = scored.map(rowValues);
  (table[0] ?? []).forEach((row, index) => {
    line(
      `${row.label} (${row.count})`,
      table.map((rows) => (rows[index]?.value ?? Number.NaN).toFixed(3)),
    );
  });
  if (fast) return;
  const speed = EXTRACTORS.map(({ extract }) => pagesPerSecond(cases, extract));
  const heap = measureHeap(import.meta.url);
  line(
    `Pages/s (median of ${PASSES} passes)`,
    speed.map((value) => value.toFixed(1)),
  );
  line(
    'Peak heap per page, median (*)',
    heap.map((grown) => mib(grown[grown.length >> 1] ?? 0)),
  );
  line(
    'Peak heap per page, max (*)',
    heap.map((grown) => mib(grown.at(-1) ?? 0)),
  );
  console.log(
    [
      '',
      'Pages/s: each extractor over all cases in this process, parsing included (decoding not),',
      'after one warm-up pass.',
      '(*) An upper bound of the peak: heapUsed growth across one extraction (its output still',
      'held), gc() before each page, in a child process run with',
      `${MEMORY_FLAGS.join(' ')}: a young generation that large collects`,
      'nothing during one extraction, so the growth counts every byte the extraction allocated.',
    ].join('\n'),
  );
}

function printGuide(lookout: Scores, readability: Scores, all: boolean): void {
  const count = all ? lookout.prf.size : WORST;
  console.log(`\nWorst ${count} full-text cases for lookout (F1; Readability text beside):`);
  const worst = [...lookout.prf].sort((a, b) => a[1].f1 - b[1].f1).slice(0, count);
  for (const [id, prf] of worst) {
    const theirs = readability.prf.get(id)?.f1.toFixed(3);
    const own = `F1=${prf.f1.toFixed(3)} P=${prf.precision.toFixed(3)} R=${prf.recall.toFixed(3)}`;
    console.log(`  ${id.padEnd(32)} ${own}   Readability F1=${theirs}`);
  }
  console.log('\nKeep/drop cases with misses for lookout:');
  for (const [id, entry] of lookout.keepDrop) {
    if (entry.kept === entry.keepTotal && entry.dropped === entry.dropTotal) continue;
    const counts = `keep ${entry.kept}/${entry.keepTotal} drop ${entry.dropped}/${entry.dropTotal}`;
    console.log(`  ${id.padEnd(36)} ${counts}`);
  }
}

function show(cases: Case[], id: string): void {
  const page = cases.find((entry) => entry.id === id);
  if (!page) throw new Error(`no case ${id}`);
  const { markdown, ...rest } = extractHtml(page.html, page.url);
  console.log(JSON.stringify(rest, null, 2));
  console.log(markdown);
}

function main(): void {
  const args = process.argv.slice(2);
  const cases = loadCases();
  if (args.includes('--memory-pass')) {
    const extractors = EXTRACTORS.map(({ extract }) => extract);
    process.stdout.write(JSON.stringify(heapPerPage(cases, extractors)));
    return;
  }
  const showIndex = args.indexOf('--show');
  if (showIndex >= 0) {
    show(cases, args[showIndex + 1] ?? '');
    return;
  }

  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT })
    .toString()
    .trim();
  const scored = EXTRACTORS.map(({ extract, markdown }) => scoreAll(cases, extract, markdown));
  printTable(commit, cases, scored, args.includes('--fast'));

  const warnings = EXTRACTORS.flatMap(({ name, published }, index) => {
    const scores = scored[index];
    return published === undefined || !scores ? [] : checkAgainstPublished(name, scores, published);
  });
  console.log('');
  for (const warning of warnings) console.log(warning);
  if (warnings.length === 0) {
    console.log('Scorer check: page text and Readability text reproduce baselines.tsv (±0.001).');
  }
  const [lookout, , readability] = scored;
  if (lookout && readability) printGuide(lookout, readability, args.includes('--all'));
}

main();
