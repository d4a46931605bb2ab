/**
 * Per-case scores pooled into the README's table rows, and the check that
 * this scorer reproduces baselines.tsv for the baselines it re-runs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Case } from './cases.js';
import { DATA } from './cases.js';
import {
  type KeepDrop,
  type Prf,
  scoreFullText,
  scoreKeepDrop,
  stripMarkdown,
  tokenize,
} from './score.js';

/** The README's allowance when reproducing baselines.tsv. */
const TOLERANCE = 0.001;

export interface Scores {
  prf: Map<string, Prf>;
  keepDrop: Map<string, KeepDrop>;
}

export interface Row {
  label: string;
  count: number;
  value: number;
}

const isHuman = (id: string) => /^(ce-|cpe-|dragnet-)/.test(id);

/** The README's F1 rows and the cases each one averages. */
const F1_ROWS: { label: string; pick: (id: string) => boolean }[] = [
  { label: 'Human full text, macro F1', pick: isHuman },
  { label: 'F1 on CleanEval dev', pick: (id) => id.startsWith('ce-dev-') },
  { label: 'F1 on CleanEval final', pick: (id) => id.startsWith('ce-final-') },
  { label: 'F1 on CleanPortalEval', pick: (id) => id.startsWith('cpe-') },
  { label: 'F1 on Dragnet', pick: (id) => id.startsWith('dragnet-') },
  { label: 'Readability-derived, macro F1', pick: (id) => id.startsWith('rdb-') },
];

/** Scores every case; Markdown output is stripped first, text output is tokenised as it is. */
export function scoreAll(
  cases: Case[],
  extract: (html: string, url: string) => string,
  markdown: boolean,
): Scores {
  const scores: Scores = { prf: new Map(), keepDrop: new Map() };
  for (const page of cases) {
    const text = extract(page.html, page.url);
    const output = tokenize(markdown ? stripMarkdown(text) : text);
    if (page.expected) scores.prf.set(page.id, scoreFullText(output, page.expected));
    else scores.keepDrop.set(page.id, scoreKeepDrop(output, page.keep ?? [], page.drop ?? []));
  }
  return scores;
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** The table's rows: macro F1 per group, then keep and drop rates pooled over all snippets. */
export function rowValues(scores: Scores): Row[] {
  const rows = F1_ROWS.map(({ label, pick }) => {
    const f1s = [...scores.prf].filter(([id]) => pick(id)).map(([, prf]) => prf.f1);
    return { label, count: f1s.length, value: mean(f1s) };
  });
  const pooled = [...scores.keepDrop.values()];
  const sum = (key: keyof KeepDrop) => pooled.reduce((total, entry) => total + entry[key], 0);
  rows.push(
    { label: 'Keep rate', count: sum('keepTotal'), value: sum('kept') / sum('keepTotal') },
    { label: 'Drop rate', count: sum('dropTotal'), value: sum('dropped') / sum('dropTotal') },
  );
  return rows;
}

/** A column of baselines.tsv (2: page text, 3: Readability text) as Scores. */
function publishedScores(column: number): Scores {
  const scores: Scores = { prf: new Map(), keepDrop: new Map() };
  const lines = readFileSync(join(DATA, 'baselines.tsv'), 'utf8').trim().split('\n').slice(1);
  for (const line of lines) {
    const fields = line.split('\t');
    const id = fields[0] ?? '';
    const cell = fields[column] ?? '';
    const f1 = /F1=([\d.]+)/.exec(cell);
    const counts = /keep=(\d+)\/(\d+) drop_absent=(\d+)\/(\d+)/.exec(cell)?.slice(1).map(Number);
    if (f1) scores.prf.set(id, { precision: 0, recall: 0, f1: Number(f1[1]) });
    else if (counts) {
      const [kept = 0, keepTotal = 0, dropped = 0, dropTotal = 0] = counts;
      scores.keepDrop.set(id, { kept, keepTotal, dropped, dropTotal });
    }
  }
  return scores;
}

/** Warning lines where `scores` strays from baselines.tsv's `column`; none when it reproduces it. */
export function checkAgainstPublished(name: string, scores: Scores, column: number): string[] {
  const published = publishedScores(column);
  const ours = rowValues(scores);
  const warnings = rowValues(published).flatMap((row, index) => {
    const value = ours[index]?.value ?? Number.NaN;
    return Math.abs(value - row.value) <= TOLERANCE
      ? []
      : [`WARNING: ${name}, ${row.label}: ${value.toFixed(4)} here, ${row.value.toFixed(4)} there`];
  });
  for (const [id, prf] of scores.prf) {
    const theirs = published.prf.get(id)?.f1;
    // Per case, baselines.tsv rounds to three decimals.
    if (theirs !== undefined && Math.abs(prf.f1 - theirs) > 0.0015) {
      warnings.push(`  (${name} ${id}: F1 ${prf.f1.toFixed(3)} here, ${theirs.toFixed(3)} there)`);
    }
  }
  for (const [id, entry] of scores.keepDrop) {
    const theirs = published.keepDrop.get(id);
    if (theirs && (theirs.kept !== entry.kept || theirs.dropped !== entry.dropped)) {
      warnings.push(
        `  (${name} ${id}: keep ${entry.kept} drop ${entry.dropped} here, ${theirs.kept} ${theirs.dropped} there)`,
      );
    }
  }
  return warnings;
}
