import type { Source } from '../types.js';
import { onDomain } from '../url.js';
import { cleanUrl, urlKey } from './canonical-url.js';
import { cutText, decodedText, plainText } from './plain-text.js';
import type { Markup, ProviderAnswer } from './provider.js';
import type { CheckedRequest } from './query.js';

export interface ShapeOptions {
  maxResults: number;
  snippetChars: number;
  site?: string;
  /** How the provider wrote titles and snippets; `html` unless it said otherwise. */
  markup?: Markup;
}

/** Titles are shown on one line; a longer one is cut like a snippet. */
const TITLE_CHARS = 200;

/**
 * Every provider's sources end up the same way: plain text, tracking
 * parameters removed, one source per page, kept to `site` when one was
 * asked for, cut to the limit.
 */
export function shapeSources(raw: readonly Source[], options: ShapeOptions): Source[] {
  const text = options.markup === 'text' ? decodedText : plainText;
  const seen = new Set<string>();
  const shaped: Source[] = [];
  for (const source of raw) {
    const url = cleanUrl(source.url.trim());
    if (!url) continue;
    if (options.site && !onSite(url, options.site)) continue;
    const key = urlKey(url);
    if (seen.has(key)) continue;
    seen.add(key);
    const snippet = cutText(text(source.snippet), options.snippetChars);
    const title = cutText(text(source.title), TITLE_CHARS) || new URL(url).hostname;
    shaped.push({
      title,
      url,
      snippet,
      ...(source.published ? { published: source.published } : {}),
    });
    if (shaped.length === options.maxResults) break;
  }
  return shaped;
}

const onSite = (url: string, site: string): boolean =>
  onDomain(new URL(url).hostname.toLowerCase(), site);

/** The sources of a provider's answer, shaped for the request. */
export const answerSources = (
  answer: Extract<ProviderAnswer, { outcome: 'ok' }>,
  request: Pick<CheckedRequest, 'maxResults' | 'site'>,
  snippetChars: number,
): Source[] =>
  shapeSources(answer.sources, {
    maxResults: request.maxResults,
    snippetChars,
    ...(request.site ? { site: request.site } : {}),
    ...(answer.markup ? { markup: answer.markup } : {}),
  });
