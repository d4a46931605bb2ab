import type { Freshness } from '../../types.js';
import type { ProviderQuery } from '../provider.js';

/** The services have no date filter for their hosted search: the model is asked in words. */
const FRESHNESS_WORDS: Record<Freshness, string> = {
  day: 'the past day',
  week: 'the past week',
  month: 'the past month',
  year: 'the past year',
};

export interface PromptOptions {
  /**
   * Write `site` into the query as `site:host`, for a service whose search
   * tool has no domain filter of its own (Gemini's `google_search`).
   */
  siteInQuery?: boolean;
}

/**
 * What an LLM with hosted search is asked: search first, then answer briefly
 * from what it found, citing it. The query stays as typed on its own line,
 * so the model searches for it rather than for a paraphrase.
 */
export function searchPrompt(query: ProviderQuery, options: PromptOptions = {}): string {
  const searchFor =
    options.siteInQuery && query.site ? `${query.text} site:${query.site}` : query.text;
  const lines = [
    'Search the web for the query below, then answer it briefly from what you found, citing the pages you used.',
    `Query: ${searchFor}`,
  ];
  if (query.freshness)
    lines.push(`Only use pages published in ${FRESHNESS_WORDS[query.freshness]}.`);
  if (query.site) lines.push(`Only use pages on ${query.site}.`);
  lines.push(`Cite up to ${query.maxResults} pages.`);
  if (query.language !== 'auto') lines.push(`Answer in the language of the tag ${query.language}.`);
  return lines.join('\n');
}
