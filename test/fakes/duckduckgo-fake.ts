import { corpus } from './corpus.js';
import { escapeHtml, type FakeServer, startHtmlEngineFake } from './http-fake.js';

/** Bold the query's words the way DuckDuckGo highlights them in snippets. */
const highlight = (text: string, query: string): string => {
  let html = escapeHtml(text);
  for (const word of query.split(/\s+/).filter((word) => word.length > 2)) {
    html = html.replaceAll(escapeHtml(word), `<b>${escapeHtml(word)}</b>`);
  }
  return html;
};

/** Links come in all three forms seen in the wild: uddg-wrapped (absolute and relative) and direct. */
function link(url: string, index: number): string {
  const wrapped = encodeURIComponent(url);
  if (index % 3 === 0) return `//duckduckgo.com/l/?uddg=${wrapped}&amp;rut=5f1c0e2b9c7d4f0a`;
  if (index % 3 === 1) return `/l/?kh=-1&amp;uddg=${wrapped}`;
  return escapeHtml(url);
}

function resultsPage(query: string): string {
  const results = corpus(query)
    .map((result, index) => {
      const href = link(result.url, index);
      return `
  <div class="result results_links results_links_deep web-result ">
    <div class="links_main links_deep result__body">
      <h2 class="result__title"><a rel="nofollow" class="result__a" href="${href}">${escapeHtml(result.title)}</a></h2>
      <div class="result__extras"><div class="result__extras__url">
        <a class="result__url" href="${href}">${escapeHtml(new URL(result.url).hostname)}</a>
      </div></div>
      <a class="result__snippet" href="${href}">${highlight(result.snippet, query)}</a>
      <div class="clear"></div>
    </div>
  </div>`;
    })
    .join('');
  return page(
    query,
    `<div id="links" class="results">
  <div class="result results_links results_links_deep result--ad result--ad--small">
    <div class="links_main links_deep result__body">
      <h2 class="result__title"><a rel="nofollow" class="result__a" href="https://duckduckgo.com/y.js?ad_domain=ads.example&amp;ad_provider=bingv7aa&amp;u3=https%3A%2F%2Fads.example%2F">Sponsored: learn fast</a></h2>
      <a class="result__snippet" href="https://duckduckgo.com/y.js?ad_domain=ads.example">Sponsored</a>
    </div>
  </div>${results}
  <div class="nav-link"><form action="/html/" method="post">
    <input type="submit" class="btn btn--alt" value="Next" />
    <input type="hidden" name="q" value="${escapeHtml(query)}" />
    <input type="hidden" name="s" value="10" /><input type="hidden" name="dc" value="11" />
    <input type="hidden" name="vqd" value="4-213047609721586519488719370153412637045" />
  </form></div>
</div>`,
  );
}

const page = (query: string, body: string): string => `<!DOCTYPE html>
<html lang="en-US"><head><meta name="referrer" content="origin"><title>${escapeHtml(query)} at DuckDuckGo</title></head>
<body class="body--html">${body}</body></html>`;

const CHALLENGE = `<!DOCTYPE html><html lang="en-US"><body>
<div class="anomaly-modal__mask" data-testid="anomaly-modal"><div class="anomaly-modal__modal">
<p class="anomaly-modal__title">Unfortunately, bots use DuckDuckGo too.</p>
<form id="challenge-form" action="//duckduckgo.com/anomaly.js?sv=html&amp;cc=botnet" method="POST">
<div class="anomaly-modal__box" data-index="0"><button type="submit" class="anomaly-modal__image_btn" name="img_click" value="2e47">
<img class="anomaly-modal__image" alt=" " src="../assets/anomaly/images/challenge/2e47.jpg"></button></div>
</form></div></div></body></html>`;

const empty = (query: string): string =>
  page(query, '<div id="links" class="results"><div class="no-results">No results.</div></div>');

/** A fake `html.duckduckgo.com/html/` speaking DuckDuckGo's HTML result format. */
export const startDuckDuckGoFake = (): Promise<FakeServer> =>
  startHtmlEngineFake({ results: resultsPage, empty, challenge: { status: 202, html: CHALLENGE } });
