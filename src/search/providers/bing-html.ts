import { type CheerioAPI, load } from 'cheerio/slim';
import { publishedDate } from '../../published-date.js';
import type { Source } from '../../types.js';
import { onDomain, tryUrl } from '../../url.js';
import { acceptLanguage, BROWSER_HEADERS, withSite } from '../browser-headers.js';
import type { Provider, ProviderQuery } from '../provider.js';
import { isFailure, providerRequest, statusFailure } from '../provider-http.js';

/** Bing's `filters` time ranges; a year has no preset, so it is a range of days (`ez5`). */
const FRESHNESS = { day: 'ex1:"ez1"', week: 'ex1:"ez2"', month: 'ex1:"ez3"' } as const;
/** `ez5` ranges count whole days since the Unix epoch. */
const DAY_MS = 86_400_000;
/** How far back `freshness: year` reaches, in days. */
const YEAR_DAYS = 365;
/** A region subtag (`US` in `en-US`); a four-letter subtag is a script, not a region. */
const REGION = /^[A-Za-z]{2}$/;
/** Bing's click wrapper prefixes the base64url target with this version marker. */
const WRAPPED_PREFIX = 'a1';
/** Bot-check pages served with HTTP 200 instead of results (`captcha` also covers `b_captcha`). */
const CHALLENGE_MARKERS = /captcha|\/challenge|unusual traffic|verify you are a human/i;
/** What Bing puts between a snippet's leading date and its text: `&nbsp;·&nbsp;`. */
const DATE_SEPARATOR = /^\s*[·–—]\s*/;
/** Fatal, so a wrapper that is not UTF-8 counts as unreadable instead of turning into U+FFFD. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

function params(query: ProviderQuery, now: number): URLSearchParams {
  const params = new URLSearchParams({
    q: withSite(query.text, query.site),
    adlt: query.safesearch,
  });
  const subtag = query.language.split('-')[1];
  // `mkt` is Bing's strongest locale signal but needs a region; without one, only the
  // interface language can be asked for.
  if (subtag && REGION.test(subtag)) params.set('mkt', query.language.toLowerCase());
  else if (query.language !== 'auto') params.set('setlang', query.language.toLowerCase());
  if (query.freshness === 'year') {
    const today = Math.floor(now / DAY_MS);
    params.set('filters', `ex1:"ez5_${today - YEAR_DAYS}_${today}"`);
  } else if (query.freshness) {
    params.set('filters', FRESHNESS[query.freshness]);
  }
  return params;
}

/**
 * The target of a result link. Bing wraps most in
 * `https://www.bing.com/ck/a?...&u=a1<base64url of the target>&...`; ads go
 * through `/aclick` and are dropped, as is any other link to Bing itself (or
 * to the page's own host, where relative links land).
 */
export function resultTarget(href: string, page: string): string | undefined {
  const url = tryUrl(href, page);
  if (!url) return undefined;
  const own = onDomain(url.hostname, 'bing.com') || url.host === new URL(page).host;
  if (!own) return url.href;
  if (url.pathname === '/ck/a') return unwrap(url.searchParams.get('u'));
  return undefined;
}

/** The target inside a `ck/a` wrapper's `u` parameter, when it is an http(s) address. */
function unwrap(wrapped: string | null): string | undefined {
  if (!wrapped?.startsWith(WRAPPED_PREFIX)) return undefined;
  const encoded = wrapped.slice(WRAPPED_PREFIX.length);
  // Node's decoder skips characters outside the alphabet; refuse them instead of guessing.
  if (!/^[A-Za-z0-9_-]+$/.test(encoded)) return undefined;
  const padded = encoded.padEnd(Math.ceil(encoded.length / 4) * 4, '=');
  try {
    const target = new URL(UTF8.decode(Buffer.from(padded, 'base64url')));
    return target.protocol === 'http:' || target.protocol === 'https:' ? target.href : undefined;
  } catch {
    return undefined;
  }
}

/** Some nodes of a loaded page, as `$(...)` returns them. */
type Selection = ReturnType<CheerioAPI>;

/**
 * A result's snippet as HTML, and the date Bing sometimes puts before it
 * (`<span class="news_dt">May 3, 2025</span>&nbsp;·&nbsp;`).
 */
function readCaption(result: Selection, now: number): Pick<Source, 'snippet' | 'published'> {
  let caption = result.find('.b_caption p').first();
  if (caption.length === 0) caption = result.find('p').first();
  if (caption.length === 0) return { snippet: '' };
  // The icon's text ("WEB") is decoration, not part of what the page says.
  caption.find('span.algoSlug_icon').remove();
  const date = caption.children('span.news_dt').first();
  if (date.length === 0 || !caption.text().trimStart().startsWith(date.text())) {
    return { snippet: caption.html() ?? '' };
  }
  const published = publishedDate(date.text(), now);
  const after = date[0]?.next;
  if (after && 'data' in after) after.data = after.data.replace(DATE_SEPARATOR, '');
  date.remove();
  return { snippet: caption.html() ?? '', ...(published ? { published } : {}) };
}

export const bingHtml = {
  name: 'bing_html',
  label: 'Bing',
  endpoint: 'https://www.bing.com/search',
  needs: [],
  timeoutMs: 8_000,

  async search(query, context) {
    const url = new URL(context.endpoint);
    for (const [name, value] of params(query, context.now())) url.searchParams.set(name, value);
    const reply = await providerRequest(context, url.href, {
      method: 'GET',
      headers: {
        ...BROWSER_HEADERS,
        'Accept-Language': acceptLanguage(query.language),
        Referer: `${url.origin}/`,
      },
    });
    if (isFailure(reply)) return reply;
    const refused = statusFailure(reply);
    if (refused) return refused;

    const $ = load(reply.body);
    const list = $('ol#b_results');
    if (list.length === 0) {
      return CHALLENGE_MARKERS.test(reply.body)
        ? { outcome: 'challenged', reason: 'challenged by a bot check' }
        : { outcome: 'error', reason: 'the page had no results it could read' };
    }
    const results = list.children('li.b_algo').not('.b_ad');
    if (results.length === 0 || list.find('li.b_no').length > 0) return { outcome: 'no_results' };

    const sources: Source[] = [];
    results.each((_, element) => {
      const result = $(element);
      const anchor = result.find('h2 a').first();
      const target = resultTarget(anchor.attr('href') ?? '', context.endpoint);
      if (!target) return;
      sources.push({
        title: anchor.html() ?? '',
        url: target,
        ...readCaption(result, context.now()),
      });
    });
    // Results were there but none could be followed: the link format changed, not the query.
    if (sources.length === 0) {
      return { outcome: 'error', reason: 'the page had no results it could read' };
    }
    return { outcome: 'ok', sources };
  },
} satisfies Provider;
