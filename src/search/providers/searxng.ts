import { load } from 'cheerio/slim';
import { z } from 'zod';
import { publishedDate } from '../../published-date.js';
import type { Source } from '../../types.js';
import { withSite } from '../browser-headers.js';
import type { Provider, ProviderAnswer, ProviderContext, ProviderQuery } from '../provider.js';
import { type HttpReply, isFailure, providerRequest, statusFailure } from '../provider-http.js';

const SAFESEARCH = { off: '0', moderate: '1', strict: '2' } as const;

/** Said whenever an instance refuses JSON: the one fix is on the instance. */
const JSON_REFUSED =
  'the instance refuses the JSON format: add json to search.formats in its settings.yml';

/** Proof-of-work and captcha pages that public instances put in front of SearXNG (Anubis, Cloudflare). */
const CHALLENGE_MARKERS = /anubis|not a bot|captcha|cf-challenge|challenge-platform/i;

/** The part of SearXNG's (and searx's) JSON answer lookout reads; everything else may vary. */
const searxAnswer = z.object({
  results: z.array(z.unknown()),
  unresponsive_engines: z.array(z.array(z.unknown())).optional(),
});

/** One result; an odd one (an engine's null URL, a number for a title) is passed over, not fatal. */
const searxResult = z.object({
  url: z.string(),
  title: z.string().nullish().catch(null),
  content: z.string().nullish().catch(null),
  publishedDate: z.string().nullish().catch(null),
  pubdate: z.string().nullish().catch(null),
});

/** `/search` under the instance's address, which may itself have a path (`https://host/searx/`). */
function searchUrl(
  endpoint: string,
  query: ProviderQuery,
  settings: ProviderContext['settings'],
  format: string,
): string {
  const base = new URL(endpoint);
  if (!base.pathname.endsWith('/search')) {
    base.pathname = `${base.pathname.replace(/\/+$/, '')}/search`;
  }
  const params = base.searchParams;
  params.set('q', withSite(query.text, query.site));
  params.set('format', format);
  params.set('pageno', '1');
  params.set('safesearch', SAFESEARCH[query.safesearch]);
  params.set('categories', settings.searxng_categories.join(','));
  if (query.language !== 'auto') params.set('language', query.language);
  if (query.freshness) params.set('time_range', query.freshness);
  return base.href;
}

const isJson = (reply: HttpReply): boolean =>
  (reply.headers.get('content-type') ?? '').includes('json');

function fromJson(body: string, now: number): ProviderAnswer {
  let parsed: z.infer<typeof searxAnswer>;
  try {
    parsed = searxAnswer.parse(JSON.parse(body));
  } catch {
    return { outcome: 'error', reason: 'the answer was not the JSON of a SearXNG search' };
  }
  const sources: Source[] = parsed.results.flatMap((item) => {
    const result = searxResult.safeParse(item);
    if (!result.success) return [];
    const { url, title, content, pubdate, publishedDate: date } = result.data;
    const published = publishedDate(pubdate ?? date, now);
    return [
      { title: title ?? '', url, snippet: content ?? '', ...(published ? { published } : {}) },
    ];
  });
  if (sources.length > 0) return { outcome: 'ok', sources, markup: 'text' };
  const failed = (parsed.unresponsive_engines ?? []).map(([engine, why]) => `${engine} (${why})`);
  return failed.length > 0
    ? { outcome: 'no_results', reason: `no results; engines that failed: ${failed.join(', ')}` }
    : { outcome: 'no_results' };
}

/**
 * The HTML result page, for instances that refuse JSON: SearXNG's `simple`
 * theme (`article.result`, `h3 a`, `p.content`) and searx's `oscar` theme
 * (`div.result`, `h4 a`, `p.result-content`).
 */
export function fromHtml(body: string, now: number): ProviderAnswer {
  const $ = load(body);
  const sources: Source[] = [];
  $('article.result, div.result').each((_, element) => {
    const result = $(element);
    const anchor = result.find('h3 > a, h4 > a').first();
    const url = anchor.attr('href');
    if (!url) return;
    const published = publishedDate(result.find('time[datetime]').attr('datetime'), now);
    sources.push({
      title: anchor.html() ?? '',
      url,
      snippet: result.find('p.content, p.result-content').first().html() ?? '',
      ...(published ? { published } : {}),
    });
  });
  if (sources.length > 0) return { outcome: 'ok', sources };
  if ($('#urls, #main_results, #results').length > 0) return { outcome: 'no_results' };
  return { outcome: 'error', reason: 'the page had no results it could read' };
}

async function htmlFallback(
  query: ProviderQuery,
  context: ProviderContext,
): Promise<ProviderAnswer> {
  const reply = await providerRequest(
    context,
    searchUrl(context.endpoint, query, context.settings, 'html'),
  );
  if (isFailure(reply))
    return { outcome: reply.outcome, reason: `${JSON_REFUSED}; its HTML page: ${reply.reason}` };
  const refused = statusFailure(reply);
  if (refused)
    return { outcome: refused.outcome, reason: `${JSON_REFUSED}; its HTML page ${refused.reason}` };
  const answer = fromHtml(reply.body, context.now());
  if (answer.outcome === 'ok') {
    return { ...answer, note: `${JSON_REFUSED}; results were read from its HTML page` };
  }
  if (answer.outcome === 'no_results')
    return { outcome: 'no_results', reason: `${JSON_REFUSED}; its HTML page had no results` };
  return {
    outcome: 'error',
    reason: `${JSON_REFUSED} (and its HTML page had no results lookout could read)`,
  };
}

export const searxng = {
  name: 'searxng',
  label: 'SearXNG',
  endpoint: '',
  needs: ['url'],
  timeoutMs: 10_000,

  async search(query, context) {
    const reply = await providerRequest(
      context,
      searchUrl(context.endpoint, query, context.settings, 'json'),
      {
        headers: { Accept: 'application/json' },
      },
    );
    if (isFailure(reply)) return reply;
    if (!isJson(reply) && reply.status !== 429 && CHALLENGE_MARKERS.test(reply.body)) {
      return {
        outcome: 'challenged',
        reason: 'challenged by a bot check in front of the instance',
      };
    }
    // A stock instance answers format=json with 403 and an HTML page; a proxy may answer 200 HTML.
    if ((reply.status === 403 && !isJson(reply)) || (reply.status === 200 && !isJson(reply))) {
      return htmlFallback(query, context);
    }
    if (reply.status === 400 && isJson(reply)) {
      const message = /"error"\s*:\s*"([^"]{1,200})"/.exec(reply.body)?.[1] ?? 'bad request';
      return { outcome: 'error', reason: `refused the search (HTTP 400: ${message})` };
    }
    const refused = statusFailure(reply);
    if (refused) return refused;
    return fromJson(reply.body, context.now());
  },
} satisfies Provider;
