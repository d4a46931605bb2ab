import { fail, type Outcome, succeed } from '../failure.js';
import type { Settings } from '../settings/schema.js';
import type { Freshness, SearchRequest } from '../types.js';
import { tryUrl } from '../url.js';
import type { ProviderQuery } from './provider.js';

/** The longest query any provider takes (Brave's API: 400; DuckDuckGo refuses 500+). */
export const MAX_QUERY_CHARS = 400;
export const MAX_RESULTS = 10;
export const DEFAULT_RESULTS = 5;
export const FRESHNESS = ['day', 'week', 'month', 'year'] as const satisfies readonly Freshness[];

export interface CheckedRequest {
  query: string;
  maxResults: number;
  freshness?: Freshness;
  site?: string;
  provider?: string;
}

/**
 * Markdown a model wraps its query in (code fences, inline code, emphasis,
 * headings, list and quote markers, links): search engines read the marks as
 * words, so only the text is kept.
 */
export function cleanQuery(raw: string): string {
  return (
    raw
      .replace(/```[^\n]*\n?([\s\S]*?)```/g, '$1')
      .replace(/```/g, ' ')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/^\s{0,3}(?:#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
      .replace(/`([^`]*)`/g, '$1')
      .replace(/(\*\*|__|\*|~~)(\S(?:[\s\S]*?\S)?)\1/g, '$2')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
      .replace(/[\u0000-\u001f\u007f]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** A `site` value as a bare lower-case host: `https://Docs.Python.org/3/` becomes `docs.python.org`. */
export function siteHost(raw: string): string | undefined {
  const value = raw
    .trim()
    .toLowerCase()
    .replace(/^site:/, '');
  if (!value) return undefined;
  const host = tryUrl(value.includes('://') ? value : `http://${value}`)?.hostname ?? '';
  return /^[a-z0-9.-]+\.[a-z0-9-]+$|^\[?[0-9a-f:.]+\]?$/.test(host) ? host : undefined;
}

/** Checks a request the way every front door needs it checked; failures name the field. */
export function checkRequest(request: SearchRequest): Outcome<CheckedRequest> {
  if (typeof request.query !== 'string') return fail('bad_query', 'the query must be text');
  const query = cleanQuery(request.query);
  if (!query) return fail('bad_query', 'the query is empty');
  if (query.length > MAX_QUERY_CHARS) {
    return fail(
      'bad_query',
      `the query is ${query.length} characters long; at most ${MAX_QUERY_CHARS} are allowed`,
    );
  }
  const maxResults = request.maxResults ?? DEFAULT_RESULTS;
  if (!Number.isInteger(maxResults) || maxResults < 1 || maxResults > MAX_RESULTS) {
    return fail('bad_query', `max_results must be a whole number from 1 to ${MAX_RESULTS}`);
  }
  if (request.freshness !== undefined && !FRESHNESS.includes(request.freshness)) {
    return fail('bad_query', `freshness must be one of ${FRESHNESS.join(', ')}`);
  }
  let site: string | undefined;
  if (request.site !== undefined && request.site.trim() !== '') {
    site = siteHost(request.site);
    if (!site) return fail('bad_query', `site must be a host name such as docs.python.org`);
  }
  return succeed({
    query,
    maxResults,
    ...(request.freshness ? { freshness: request.freshness } : {}),
    ...(site ? { site } : {}),
    ...(request.provider ? { provider: request.provider } : {}),
  });
}

/** The checked request as every provider receives it, with the settings that shape a search. */
export const providerQuery = (
  request: CheckedRequest,
  settings: Pick<Settings, 'language' | 'safesearch'>,
): ProviderQuery => ({
  text: request.query,
  maxResults: request.maxResults,
  ...(request.freshness ? { freshness: request.freshness } : {}),
  ...(request.site ? { site: request.site } : {}),
  language: settings.language,
  safesearch: settings.safesearch,
});
