import { load } from 'cheerio/slim';
import type { Source } from '../../types.js';
import { onDomain, tryUrl } from '../../url.js';
import { acceptLanguage, BROWSER_HEADERS, withSite } from '../browser-headers.js';
import type { Provider, ProviderQuery } from '../provider.js';
import { isFailure, providerRequest, statusFailure } from '../provider-http.js';

/** DuckDuckGo's `df` time filter. */
const FRESHNESS = { day: 'd', week: 'w', month: 'm', year: 'y' } as const;
/** DuckDuckGo's `kp` safe search values. */
const SAFESEARCH = { strict: '1', moderate: '-1', off: '-2' } as const;
/** The anomaly page that DuckDuckGo serves to addresses it does not trust (with HTTP 202). */
const CHALLENGE_MARKERS = /anomaly-modal|id="challenge-form"|anomaly\.js/;

/** DuckDuckGo's `kl` region: `en-US` → `us-en`; no region → `wt-wt` (none). */
function region(language: string): string {
  const [lang, country] = language.split('-');
  return country ? `${country.toLowerCase()}-${lang}` : 'wt-wt';
}

function form(query: ProviderQuery): URLSearchParams {
  const form = new URLSearchParams({
    q: withSite(query.text, query.site),
    b: '',
    kl: region(query.language),
    kp: SAFESEARCH[query.safesearch],
  });
  if (query.freshness) form.set('df', FRESHNESS[query.freshness]);
  return form;
}

/**
 * The target of a result link: DuckDuckGo wraps some in
 * `//duckduckgo.com/l/?uddg=<target>`; ads go through `y.js` and are dropped.
 */
export function resultTarget(href: string, page: string): string | undefined {
  const url = tryUrl(href, page);
  if (!url) return undefined;
  const own = onDomain(url.hostname, 'duckduckgo.com');
  if (own && url.pathname === '/y.js') return undefined;
  if (url.pathname === '/l/' && url.searchParams.has('uddg')) {
    return url.searchParams.get('uddg') ?? undefined;
  }
  return own ? undefined : url.href;
}

export const duckduckgo = {
  name: 'duckduckgo',
  label: 'DuckDuckGo',
  endpoint: 'https://html.duckduckgo.com/html/',
  needs: [],
  timeoutMs: 8_000,

  async search(query, context) {
    const origin = new URL(context.endpoint).origin;
    const reply = await providerRequest(context, context.endpoint, {
      method: 'POST',
      headers: {
        ...BROWSER_HEADERS,
        'Content-Type': 'application/x-www-form-urlencoded',
        'Accept-Language': acceptLanguage(query.language),
        Referer: `${origin}/`,
        Origin: origin,
      },
      body: form(query).toString(),
    });
    if (isFailure(reply)) return reply;
    if (reply.status === 202 || CHALLENGE_MARKERS.test(reply.body)) {
      return { outcome: 'challenged', reason: 'challenged by a bot check' };
    }
    const refused = statusFailure(reply);
    if (refused) return refused;

    const $ = load(reply.body);
    const links = $('#links');
    if (links.length === 0) {
      return { outcome: 'error', reason: 'the page had no results it could read' };
    }
    const sources: Source[] = [];
    links.find('.result').each((_, element) => {
      const result = $(element);
      if (result.is('.result--ad') || !result.is('.web-result')) return;
      const anchor = result.find('a.result__a, h2 a').first();
      const url = resultTarget(anchor.attr('href') ?? '', context.endpoint);
      if (!url) return;
      sources.push({
        title: anchor.html() ?? '',
        url,
        snippet: result.find('.result__snippet').first().html() ?? '',
      });
    });
    if (sources.length === 0) return { outcome: 'no_results' };
    return { outcome: 'ok', sources };
  },
} satisfies Provider;
