import { corpus } from './corpus.js';
import {
  escapeHtml,
  type FakeServer,
  GARBAGE,
  sendHtml,
  sendJson,
  startFake,
} from './http-fake.js';

export interface SearxngFake extends FakeServer {
  /** Answer `format=json` as a stock SearXNG does (`search.formats: [html]`): 403 and an HTML page. */
  jsonDisabled: boolean;
}

/** Werkzeug's 403 page, which SearXNG sends when a format is not in `search.formats`. */
const FORBIDDEN = `<!doctype html>
<html lang=en>
<title>403 Forbidden</title>
<h1>Forbidden</h1>
<p>You don&#39;t have the permission to access the requested resource. It is either read-protected or not readable by the server.</p>
`;

/** The proof-of-work page (Anubis) that many public instances put in front of SearXNG. */
const CHALLENGE = `<!doctype html><html lang="en"><head><title>Making sure you&#39;re not a bot!</title>
<script id="anubis_challenge" type="application/json">{"challenge":"7f3a","rules":{"difficulty":4}}</script></head>
<body><main><h1 id="title">Making sure you&#39;re not a bot!</h1><p>Protected by Anubis.</p></main></body></html>`;

function jsonResults(query: string) {
  return {
    query,
    results: corpus(query).map((result, index) => ({
      url: result.url,
      engine: 'duckduckgo',
      parsed_url: ['https', new URL(result.url).host, new URL(result.url).pathname, '', '', ''],
      template: 'default.html',
      title: result.title,
      content: result.snippet,
      thumbnail: '',
      publishedDate: result.published ? `${result.published}T00:00:00` : null,
      engines: ['duckduckgo', 'brave'],
      positions: [index + 1],
      score: 10 - index,
      category: 'general',
    })),
    answers: [
      {
        answer: `An answer for ${query}`,
        url: null,
        engine: 'duckduckgo',
        template: 'answer/legacy.html',
      },
    ],
    corrections: [],
    infoboxes: [],
    suggestions: [`${query} tutorial`],
    unresponsive_engines: [['google', 'CAPTCHA']],
  };
}

/** SearXNG's `simple` theme result page, as the HTML fallback reads it. */
function htmlResults(query: string, empty: boolean): string {
  const articles = empty
    ? '<div class="dialog-error-block" role="alert"><p><strong>Sorry!</strong></p><p>No results were found.</p></div>'
    : corpus(query)
        .map(
          (result) => `
    <article class="result result-default category-general">
      <a href="${escapeHtml(result.url)}" class="url_header" rel="noreferrer"><div class="url_wrapper"><span class="url_o1"><span class="url_i1">${escapeHtml(new URL(result.url).origin)}</span></span></div></a>
      <h3><a href="${escapeHtml(result.url)}" rel="noreferrer">${escapeHtml(result.title)}</a></h3>
      ${result.published ? `<time class="published_date" datetime="${result.published} 00:00:00">${result.published}</time>` : ''}
      <p class="content">${escapeHtml(result.snippet)}</p>
      <div class="engines"><span>duckduckgo</span><a href="https://web.archive.org/web/${escapeHtml(result.url)}" class="cache_link" rel="noreferrer">cached</a></div>
    </article>`,
        )
        .join('');
  return `<!DOCTYPE html><html class="no-js theme-auto" lang="en"><head><title>${escapeHtml(query)} - SearXNG</title></head>
<body class="results_endpoint"><main id="main_results" class="only_template_default">
<div id="results" class="only_template_default"><div id="sidebar"></div>
<div id="urls" role="main">${articles}</div></div></main></body></html>`;
}

/** A fake SearXNG instance speaking the 2026 `/search` JSON API and the `simple` HTML theme. */
export async function startSearxngFake(): Promise<SearxngFake> {
  const state = { jsonDisabled: false };
  const fake = await startFake((request, response, scenario) => {
    const query = request.params.get('q') ?? '';
    const format = request.params.get('format') ?? 'html';
    if (request.path !== '/search') return sendHtml(response, 404, 'Not Found');
    switch (scenario) {
      case 'challenge':
        return sendHtml(response, 200, CHALLENGE);
      case 'forbidden':
        return sendHtml(response, 403, FORBIDDEN);
      case 'too_many':
        response.writeHead(429, { 'Content-Type': 'text/plain' }).end('Too Many Requests');
        return;
      case 'server_error':
        return sendJson(response, 500, { error: 'search error' });
      case 'garbage':
        response.writeHead(200, { 'Content-Type': 'application/json' }).end(GARBAGE);
        return;
    }
    const empty = scenario === 'empty';
    if (format === 'json') {
      if (state.jsonDisabled) return sendHtml(response, 403, FORBIDDEN);
      const answer = jsonResults(query);
      return sendJson(response, 200, empty ? { ...answer, results: [], answers: [] } : answer);
    }
    return sendHtml(response, 200, htmlResults(query, empty));
  });
  return Object.defineProperty(fake, 'jsonDisabled', {
    get: () => state.jsonDisabled,
    set: (value: boolean) => {
      state.jsonDisabled = value;
    },
  }) as SearxngFake;
}
