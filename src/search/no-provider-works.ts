import type { Settings } from '../settings/schema.js';
import type { Attempt } from '../types.js';

/** What each outcome is called when it has no reason of its own. */
const OUTCOME_WORDS: Record<Attempt['outcome'], string> = {
  ok: 'answered',
  no_results: 'found nothing',
  challenged: 'challenged by a bot check',
  blocked: 'blocked this server',
  timeout: 'did not answer in time',
  error: 'failed',
  no_key: 'is not set up',
  cooldown: 'is resting after a bot check',
};

/**
 * The message when no provider works: each provider and what it did, in
 * order, then where to fix it (seed 002's wording).
 */
export function noProviderWorks(
  attempts: readonly Attempt[],
  settings: Readonly<Settings>,
): string {
  if (attempts.length === 0) {
    return 'no search provider works: every provider is off. Turn one on (LOOKOUT_PROVIDERS_OFF) or set a SearXNG instance (LOOKOUT_SEARXNG_URL).';
  }
  const tried = attempts
    .map((attempt) => `${attempt.provider}: ${attempt.reason ?? OUTCOME_WORDS[attempt.outcome]}`)
    .join('; ');
  const fix = settings.searxng_url
    ? 'Check that the SearXNG instance at LOOKOUT_SEARXNG_URL answers and allows the json format, or try again in a few minutes.'
    : 'Set a SearXNG instance (LOOKOUT_SEARXNG_URL) to search without depending on the bot checks of the engines, or try again in a few minutes.';
  return `no search provider works. Tried ${tried}. ${fix}`;
}
