import { fail, type Outcome, succeed } from '../failure.js';
import type { Attempt, Source } from '../types.js';
import { type AskOptions, askProvider } from './ask-provider.js';
import type { Cooldowns } from './cooldowns.js';
import type { Provider } from './provider.js';
import { endpointOf, hostOf, missingNeed } from './provider-order.js';
import { checkRequest, providerQuery } from './query.js';
import { answerSources } from './shape-sources.js';

/** What the provider test found: one row per provider, and the answer a chat would get. */
export interface ProviderTest {
  query: string;
  /** Whether any provider answered with results. */
  ok: boolean;
  /** The first provider in order that answered: what a search would return. */
  provider: string;
  host: string;
  answer: string;
  sources: Source[];
  providers: Attempt[];
}

export interface TestOptions extends AskOptions {
  providers: readonly Provider[];
  cooldowns: Cooldowns;
}

/**
 * Asks every provider at once, ignoring cool-downs and the first answer
 * (seed 002's test endpoint). A provider that answers leaves its cool-down;
 * one that is challenged or blocked enters it.
 */
export async function testProviders(
  query: string,
  options: TestOptions,
): Promise<Outcome<ProviderTest>> {
  const checked = checkRequest({ query });
  if (!checked.ok) return checked;
  if (options.providers.length === 0)
    return fail('no_provider_works', 'every search provider is off');
  const asked = providerQuery(checked.value, options.settings);

  const rows = await Promise.all(
    options.providers.map(async (provider) => {
      const host = hostOf(endpointOf(provider, options.settings));
      const missing = missingNeed(provider, options.settings, options.keys);
      if (missing) {
        const row: Attempt = {
          provider: provider.name,
          host,
          outcome: 'no_key',
          results: 0,
          reason: missing,
          ms: 0,
        };
        return { row, sources: [] as Source[], answer: '' };
      }
      const { answer, ms } = await askProvider(provider, asked, options);
      const sources =
        answer.outcome === 'ok'
          ? answerSources(answer, checked.value, options.settings.snippet_chars)
          : [];
      options.cooldowns.note(provider.name, answer);
      const outcome =
        answer.outcome === 'ok' && sources.length === 0 ? 'no_results' : answer.outcome;
      const reason = answer.outcome === 'ok' ? answer.note : answer.reason;
      const row: Attempt = {
        provider: provider.name,
        host,
        outcome,
        results: sources.length,
        ...(reason ? { reason } : {}),
        ms,
      };
      return { row, sources, answer: answer.outcome === 'ok' ? (answer.answer ?? '') : '' };
    }),
  );

  const first = rows.find(({ row }) => row.outcome === 'ok');
  return succeed({
    query: checked.value.query,
    ok: first !== undefined,
    provider: first?.row.provider ?? '',
    host: first?.row.host ?? '',
    answer: first?.answer ?? '',
    sources: first?.sources ?? [],
    providers: rows.map(({ row }) => row),
  });
}
