import type { ProviderFailure } from '../provider.js';

/**
 * An answer written without a search (no search call, no grounding) is the
 * model's memory passed off as a search result: it is refused, and the
 * chain asks the next provider.
 */
export const NEVER_SEARCHED: ProviderFailure = {
  outcome: 'error',
  reason: 'answered without searching the web, so its answer was refused',
};
