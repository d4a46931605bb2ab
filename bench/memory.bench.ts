/**
 * Memory: what a full search cache (512 results) holds, measured with forced
 * garbage collection (`--expose-gc`), printed as a table.
 */
import { afterAll, beforeAll, bench, describe } from 'vitest';
import { Cooldowns } from '../src/search/cooldowns.js';
import { SearchCache } from '../src/search/search-cache.js';
import { createWebSearch } from '../src/search/web-search.js';
import { type EngineFakes, startEngineFakes } from '../test/fakes/engines.js';

const gc = (globalThis as { gc?: () => void }).gc;
const heap = (): number => {
  fakes.reset(); // the fakes' request logs are not lookout's memory
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
};
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

let fakes: EngineFakes;
const rows: Record<string, string>[] = [];

beforeAll(async () => {
  fakes = await startEngineFakes();
  // Warm up with a throwaway cache, so parsers and JIT code are not counted.
  const warm = createWebSearch({ settings: fakes.settings(), cache: new SearchCache() });
  for (let index = 0; index < 64; index++) await warm.search({ query: `warm ${index}` });
  const before = heap();
  const cache = new SearchCache();
  const search = createWebSearch({ settings: fakes.settings(), cache, cooldowns: new Cooldowns() });
  for (let index = 0; index < 512; index++) {
    await search.search({ query: `memory ${index}`, maxResults: 10 });
  }
  const full = heap();
  for (let index = 512; index < 1024; index++) {
    await search.search({ query: `memory ${index}`, maxResults: 10 });
  }
  const overfull = heap();
  rows.push(
    { what: 'cache of 512 searches, 5 sources each', heap: mib(full - before) },
    { what: 'after 512 more (the LRU keeps 512)', heap: mib(overfull - before) },
  );
  if (!gc) rows.push({ what: 'note', heap: 'run with --expose-gc for exact figures' });
}, 120_000);

afterAll(async () => {
  await fakes.close();
  console.table(rows);
});

describe('memory', () => {
  bench('measured in beforeAll (see the table)', () => {}, { iterations: 1, time: 0 });
});
