import type { Outcome } from '../failure.js';
import { loadSettings } from '../settings/env.js';
import type { SearchRequest, SearchResult } from '../types.js';
import { createWebSearch, type WebSearch } from './web-search.js';

let shared: WebSearch | undefined;

/**
 * Searches with settings from the `LOOKOUT_*` environment, sharing one chain,
 * cool-downs and cache across calls. For other settings, use `createWebSearch`.
 */
export function webSearch(
  request: SearchRequest | string,
  options: { signal?: AbortSignal } = {},
): Promise<Outcome<SearchResult>> {
  shared ??= createWebSearch({ settings: loadSettings() });
  return shared.search(typeof request === 'string' ? { query: request } : request, options);
}
