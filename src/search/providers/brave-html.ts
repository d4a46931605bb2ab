import { load } from 'cheerio/slim';
import { publishedDate } from '../../published-date.js';
import type { Source } from '../../types.js';
import { onDomain, tryUrl } from '../../url.js';
import { acceptLanguage, BROWSER_HEADERS, withSite } from '../browser-headers.js';
import type { Provider, ProviderQuery } from '../provider.js';
import { isFailure, providerRequest, statusFailure } from '../provider-http.js';

/** Brave's `tf` time filter. */
const FRESHNESS = { day: 'pd', week: 'pw', month: 'pm', year: 'py' } as const;
/** `ui_lang` when the language is `auto`: Brave needs one to pick its page language. */
const DEFAULT_UI_LANG = 'en-us';
/**
 * Brave's bot check (a CAPTCHA or a proof-of-work puzzle). Only consulted when
 * a page has no results, so a result that merely mentions CAPTCHAs is safe.
 */
const CHALLENGE_MARKERS =
  /captcha|prove (?:that )?you(?:'| a)re (?:a )?human|proof[ -]of[ -]work|\bpow\b/i;

/** Brave's region: the 2-letter region of `en-US` → `us`; none, or `auto` → `all`. */
function country(language: string): string {
  const region = language
    .split('-')
    .slice(1)
    .find((part) => /^[a-z]{2}$/i.test(part));
  return region ? region.toLowerCase() : 'all';
}

/** Brave reads its settings from cookies, not from the query string. */
function cookies(query: ProviderQuery): string {
  const settings = {
    safesearch: query.safesearch,
    country: country(query.language),
    ui_lang: query.language === 'auto' ? DEFAULT_UI_LANG : query.language.toLowerCase(),
    // Results for the query, not for where this server happens to be.
    useLocation: '0',
    // The AI summary arrives later over another request; it is never read here.
    summarizer: '0',
  };
  return Object.entries(settings)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
}

function searchUrl(query: ProviderQuery, endpoint: string): string {
  const url = new URL(endpoint);
  url.searchParams.set('q', withSite(query.text, query.site));
  url.searchParams.set('source', 'web');
  if (query.freshness) url.searchParams.set('tf', FRESHNESS[query.freshness]);
  return url.href;
}

/**
 * The target of a result link. Ads link to a relative `/a/redirect?...` on
 * Brave's own site, so a link that stays on the endpoint's host or on a Brave
 * host is not a result.
 */
export function resultTarget(href: string, endpoint: string): string | undefined {
  const url = tryUrl(href, endpoint);
  if (!url) return undefined;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const brave = onDomain(url.hostname, 'brave.com');
  return brave || url.host === new URL(endpoint).host ? undefined : url.href;
}

export const braveHtml = {
  name: 'brave_html',
  label: 'Brave Search',
  endpoint: 'https://search.brave.com/search',
  needs: [],
  timeoutMs: 8_000,

  async search(query, context) {
    const reply = await providerRequest(context, searchUrl(query, context.endpoint), {
      method: 'GET',
      headers: {
        ...BROWSER_HEADERS,
        'Accept-Language': acceptLanguage(query.language),
        Referer: `${new URL(context.endpoint).origin}/`,
        Cookie: cookies(query),
      },
    });
    if (isFailure(reply)) return reply;
    // Before the markers: Brave sends its challenge page with a 429, which is a refusal.
    const refused = statusFailure(reply);
    if (refused) return refused;

    const $ = load(reply.body);
    const sources: Source[] = [];
    $('div.snippet').each((_, element) => {
      const result = $(element);
      const type = result.attr('data-type');
      if (type !== undefined && type !== 'web') return;
      const url = resultTarget(result.find('a[href]').first().attr('href') ?? '', context.endpoint);
      if (!url) return;
      // Svelte adds generated classes, so match the class name, not the whole attribute.
      const title = result.find('.title').first();
      const titled = title.length > 0 ? title : result.find('[class*="title"]').first();
      const content = result.find('div.content').first();
      const date = content.find('span.t-secondary').first();
      const published = publishedDate(date.text(), context.now());
      date.remove();
      sources.push({
        title: titled.html() ?? '',
        url,
        snippet: content.html() ?? '',
        ...(published ? { published } : {}),
      });
    });
    if (sources.length > 0) return { outcome: 'ok', sources };
    if (CHALLENGE_MARKERS.test(reply.body)) {
      return { outcome: 'challenged', reason: 'challenged by a bot check' };
    }
    if ($('#results').length > 0) return { outcome: 'no_results' };
    return { outcome: 'error', reason: 'the page had no results it could read' };
  },
} satisfies Provider;
