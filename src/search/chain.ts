import { fail, type Outcome, succeed } from '../failure.js';
import type { Attempt, SearchResult, Source } from '../types.js';
import { type AskOptions, askProvider } from './ask-provider.js';
import type { Cooldowns } from './cooldowns.js';
import { noProviderWorks } from './no-provider-works.js';
import type { Provider } from './provider.js';
import { endpointOf, hostOf, missingNeed } from './provider-order.js';
import { type CheckedRequest, providerQuery } from './query.js';
import { answerSources } from './shape-sources.js';

export interface ChainOptions extends AskOptions {
  /** The providers to try, in order (the off ones already left out). */
  providers: readonly Provider[];
  /** Names the settings listed explicitly: a listed provider that lacks a setting shows as `no_key`. */
  listed: readonly string[];
  cooldowns: Cooldowns;
}

const restMessage = (until: number, reason: string): string =>
  `resting until ${new Date(until).toISOString().slice(11, 16)} UTC (${reason})`;

/**
 * The provider chain: the top provider searches alone; the next is asked
 * only when it fails or finds nothing; none below an answer is called.
 * Providers that challenged or blocked this server rest, unless all do.
 */
export async function runChain(
  request: CheckedRequest,
  options: ChainOptions,
): Promise<Outcome<SearchResult>> {
  const started = performance.now();
  const query = providerQuery(request, options.settings);
  const ready = options.providers.filter(
    (provider) => !missingNeed(provider, options.settings, options.keys),
  );
  const allResting = ready.every((provider) => options.cooldowns.restOf(provider.name));
  const attempts: Attempt[] = [];

  for (const provider of options.providers) {
    const host = hostOf(endpointOf(provider, options.settings));
    const attempt = (
      outcome: Attempt['outcome'],
      ms = 0,
      results = 0,
      reason?: string,
    ): Attempt => ({
      provider: provider.name,
      host,
      outcome,
      results,
      ...(reason ? { reason } : {}),
      ms,
    });
    const missing = missingNeed(provider, options.settings, options.keys);
    if (missing) {
      if (options.listed.includes(provider.name)) attempts.push(attempt('no_key', 0, 0, missing));
      continue;
    }
    const rest = options.cooldowns.restOf(provider.name);
    if (rest && !allResting) {
      attempts.push(attempt('cooldown', 0, 0, restMessage(rest.until, rest.reason)));
      continue;
    }

    const { answer, ms } = await askProvider(provider, query, options);
    options.cooldowns.note(provider.name, answer);
    if (answer.outcome === 'ok') {
      const sources = answerSources(answer, request, options.settings.snippet_chars);
      if (sources.length === 0) {
        const reason = request.site ? `no results on ${request.site}` : 'no results it could use';
        attempts.push(attempt('no_results', ms, 0, reason));
        continue;
      }
      attempts.push(attempt('ok', ms, sources.length, answer.note));
      return succeed(
        result(request, attempts, started, {
          provider,
          host,
          sources,
          answer: answer.answer ?? '',
        }),
      );
    }
    attempts.push(attempt(answer.outcome, ms, 0, answer.reason));
  }

  if (attempts.some((attempt) => attempt.outcome === 'no_results')) {
    return succeed(result(request, attempts, started));
  }
  return fail('no_provider_works', noProviderWorks(attempts, options.settings), { attempts });
}

interface Answered {
  provider: Provider;
  host: string;
  sources: Source[];
  answer: string;
}

function result(
  request: CheckedRequest,
  attempts: Attempt[],
  started: number,
  answered?: Answered,
): SearchResult {
  return {
    query: request.query,
    answer: answered?.answer ?? '',
    sources: answered?.sources ?? [],
    provider: answered?.provider.name ?? '',
    host: answered?.host ?? '',
    attempts,
    cached: false,
    ms: Math.round(performance.now() - started),
  };
}
