import type { Settings } from '../settings/schema.js';
import type { Provider, ProviderAnswer, ProviderQuery } from './provider.js';
import { endpointOf } from './provider-order.js';

export interface AskOptions {
  settings: Readonly<Settings>;
  fetch: typeof fetch;
  now: () => number;
  /** The caller giving up (a closed connection, Ctrl-C). */
  signal?: AbortSignal;
}

export interface Asked {
  answer: ProviderAnswer;
  ms: number;
}

/**
 * One provider's search within its time budget. A provider never throws by
 * contract; should a parser bug throw anyway, the search goes on with the
 * next provider rather than ending.
 */
export async function askProvider(
  provider: Provider,
  query: ProviderQuery,
  options: AskOptions,
): Promise<Asked> {
  const started = performance.now();
  const budget = AbortSignal.timeout(provider.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, budget]) : budget;
  let answer: ProviderAnswer;
  try {
    answer = await provider.search(query, {
      endpoint: endpointOf(provider, options.settings),
      settings: options.settings,
      signal,
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
  return { answer, ms: Math.round(performance.now() - started) };
}
