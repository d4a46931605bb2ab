import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Provider, ProviderAnswer, ProviderQuery } from '../../src/search/provider.js';
import { answerSources } from '../../src/search/shape-sources.js';
import { defaultSettings, type Settings } from '../../src/settings/schema.js';
import type { Source } from '../../src/types.js';
import { baseQuery } from './provider-contract.js';

/** The clock of every API test: 2026-11-30, as in the contract. */
export const NOW = Date.parse('2026-11-30T12:00:00Z');

export interface AskApiOptions {
  endpoint: string;
  key?: string;
  text?: string;
  query?: Partial<ProviderQuery>;
  settings?: Partial<Settings>;
  timeoutMs?: number;
  remainingMs?: () => number;
}

/** One search of a keyed provider, as the chain would run it, against a fake. */
export const askApi = (provider: Provider, options: AskApiOptions): Promise<ProviderAnswer> =>
  provider.search(baseQuery(options.text ?? 'tokio', options.query), {
    endpoint: options.endpoint,
    settings: { ...defaultSettings(), ...options.settings },
    ...(options.key ? { key: options.key } : {}),
    signal: AbortSignal.timeout(options.timeoutMs ?? 3_000),
    ...(options.remainingMs ? { remainingMs: options.remainingMs } : {}),
    fetch,
    now: () => NOW,
  });

/** What the chain makes of an answer: its sources shaped, and its answer. */
export function shaped(answer: ProviderAnswer): { answer: string; sources: Source[] } {
  if (answer.outcome !== 'ok') throw new Error(`expected ok, got ${JSON.stringify(answer)}`);
  return {
    answer: answer.answer ?? '',
    sources: answerSources(answer, { maxResults: 10 }, 300),
  };
}

/** A file of a provider's golden case in test/fixtures/search-api/<provider>/. */
export const golden = (provider: string, file: 'response.json' | 'expected.json'): unknown =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, '../fixtures/search-api', provider, file), 'utf8'),
  );
