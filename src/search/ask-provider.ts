import { LookoutError } from '../failure.js';
import type { Settings } from '../settings/schema.js';
import type { Provider, ProviderAnswer, ProviderQuery } from './provider.js';
import { keyOrigin, type ProviderKey, type ProviderKeys } from './provider-keys.js';
import { endpointOf } from './provider-order.js';
import type { RequestPacing } from './request-pacing.js';

export interface AskOptions {
  settings: Readonly<Settings>;
  /** Where each provider's key comes from. */
  keys: ProviderKeys;
  /** Keeps providers to their published rates; none: every request goes at once. */
  pacing?: RequestPacing;
  fetch: typeof fetch;
  now: () => number;
  /** The caller giving up (a closed connection, Ctrl-C). */
  signal?: AbortSignal;
}

export interface Asked {
  answer: ProviderAnswer;
  ms: number;
}

/** The provider's key; none when the key file cannot be read (the provider's needs say so). */
function keyFor(provider: Provider, keys: ProviderKeys): ProviderKey | undefined {
  try {
    return keys.keyOf(provider);
  } catch (error) {
    if (error instanceof LookoutError) return undefined;
    throw error;
  }
}

/**
 * One provider's search within its time budget: its turn under its rate
 * limit, then the search with its key. A provider never throws by contract;
 * should a parser bug throw anyway, the search goes on with the next
 * provider rather than ending.
 */
export async function askProvider(
  provider: Provider,
  query: ProviderQuery,
  options: AskOptions,
): Promise<Asked> {
  const started = performance.now();
  const remainingMs = () => started + provider.timeoutMs - performance.now();
  const budget = AbortSignal.timeout(provider.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, budget]) : budget;
  const took = () => Math.round(performance.now() - started);
  const key = keyFor(provider, options.keys);

  if (options.pacing && !(await options.pacing.turn(provider, signal, remainingMs()))) {
    return { answer: noTurn(provider, options.signal), ms: took() };
  }
  let answer: ProviderAnswer;
  try {
    answer = await provider.search(query, {
      endpoint: endpointOf(provider, options.settings),
      settings: options.settings,
      ...(key ? { key: key.value } : {}),
      signal,
      remainingMs,
      fetch: options.fetch,
      now: options.now,
    });
  } catch (error) {
    const name = error instanceof Error ? error.name : 'error';
    answer = { outcome: 'error', reason: `failed unexpectedly (${name})` };
  }
  if (answer.outcome === 'timeout') {
    answer = {
      outcome: 'timeout',
      reason: `did not answer in ${provider.timeoutMs / 1000} seconds`,
    };
  }
  if (answer.outcome !== 'ok' && answer.outcome !== 'no_results' && answer.aboutKey && key) {
    // A refused key is traced to where it came from, so the right one gets fixed.
    answer = { ...answer, reason: `${answer.reason}; ${keyOrigin(key)}` };
  }
  return { answer, ms: took() };
}

/** Why a provider was not asked while it waited for its turn. */
function noTurn(provider: Provider, caller: AbortSignal | undefined): ProviderAnswer {
  if (caller?.aborted) return { outcome: 'error', reason: 'the search was cancelled' };
  const rate = provider.rate;
  const limit = rate ? `${rate.requests} every ${rate.seconds} s` : 'its limit';
  return {
    outcome: 'timeout',
    reason: `had no turn in ${provider.timeoutMs / 1000} seconds under its rate limit (${limit})`,
  };
}
