/**
 * What extraction costs: pages per second over the whole set, and the heap
 * one page takes, measured in a child process whose young generation is
 * large enough that nothing is collected during one extraction.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Case } from './cases.js';

type Extract = (html: string, url: string) => string;

/** Timed passes over the whole set per extractor; the median pass is reported. */
export const PASSES = 5;

/**
 * Node flags of the memory pass: gc() exposed, and a young generation big
 * enough that no collection runs inside one extraction, so the heap's growth
 * across it is every byte it allocated: an upper bound of its peak.
 */
export const MEMORY_FLAGS = [
  '--expose-gc',
  '--min-semi-space-size=256',
  '--max-semi-space-size=256',
];

/** Pages per second: the median of PASSES timed passes, after one warm-up pass. */
export function pagesPerSecond(cases: Case[], extract: Extract): number {
  const times: number[] = [];
  for (let pass = 0; pass <= PASSES; pass++) {
    const start = process.hrtime.bigint();
    for (const page of cases) extract(page.html, page.url);
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    if (pass > 0) times.push(seconds);
  }
  times.sort((a, b) => a - b);
  return cases.length / (times[Math.floor(times.length / 2)] ?? Number.NaN);
}

/** Heap growth across each extraction of each page, sorted, per extractor (run with MEMORY_FLAGS). */
export function heapPerPage(cases: Case[], extractors: Extract[]): number[][] {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('the memory pass needs --expose-gc');
  return extractors.map((extract) => {
    for (const page of cases.slice(0, 5)) extract(page.html, page.url); // compile the code first
    const grown = cases.map((page) => {
      gc();
      const before = process.memoryUsage().heapUsed;
      const output = extract(page.html, page.url);
      const after = process.memoryUsage().heapUsed;
      // `output` is still held here, so the result counts; everything else may be garbage.
      return output === undefined ? 0 : Math.max(0, after - before);
    });
    return grown.sort((a, b) => a - b);
  });
}

/** Runs `script --memory-pass` in a child process with MEMORY_FLAGS and reads its JSON answer. */
export function measureHeap(script: string): number[][] {
  const output = execFileSync(
    process.execPath,
    [...MEMORY_FLAGS, fileURLToPath(script), '--memory-pass'],
    { maxBuffer: 1 << 24 },
  );
  return JSON.parse(output.toString()) as number[][];
}
