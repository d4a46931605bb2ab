import { LRUCache } from 'lru-cache';
import type { SearchResult } from '../types.js';
import type { CheckedRequest } from './query.js';

/** Identical searches within 5 minutes are answered from memory (seed 002's limits). */
const CACHE_TTL_MS = 5 * 60_000;
const CACHE_ENTRIES = 512;

/** Remembered search results, keyed by everything that changes the answer. */
export class SearchCache {
  readonly #entries: LRUCache<string, SearchResult>;

  constructor({ now = performance.now.bind(performance) }: { now?: () => number } = {}) {
    this.#entries = new LRUCache({
      max: CACHE_ENTRIES,
      ttl: CACHE_TTL_MS,
      ttlAutopurge: false,
      perf: { now },
    });
  }

  /** A copy: what one caller does with its result never changes another's. */
  get(request: CheckedRequest): SearchResult | undefined {
    const hit = this.#entries.get(keyOf(request));
    return hit && structuredClone(hit);
  }

  set(request: CheckedRequest, result: SearchResult): void {
    // A copy holds its own strings, not slices of the result page they were cut from.
    this.#entries.set(keyOf(request), structuredClone(result));
  }

  clear(): void {
    this.#entries.clear();
  }
}

const keyOf = (request: CheckedRequest): string =>
  JSON.stringify([
    request.query.toLowerCase(),
    request.maxResults,
    request.freshness ?? '',
    request.site ?? '',
    request.provider ?? '',
  ]);
