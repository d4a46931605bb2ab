import { corpus, type FakeResult } from './corpus.js';
import { escapeHtml, type FakeServer, startHtmlEngineFake } from './http-fake.js';

/** Brave prints dates as `May 3, 2025`, with English month names whatever the language. */
const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

/** A Svelte scoped class: Brave's markup carries one on nearly every element. */
const SVELTE = 'svelte-1a2b3c';

/** `2025-05-03` → `May 3, 2025 -`, the prefix Brave puts before a dated snippet. */
function displayDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return `${MONTHS[month - 1]} ${day}, ${year} -`;
}

/** Bold the query's words the way Brave highlights them, escaping everything else. */
function highlight(text: string, query: string): string {
  const words = query
    .split(/\s+/)
    .filter((word) => word.length > 2)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (words.length === 0) return escapeHtml(text);
  return text
    .split(new RegExp(`(${words.join('|')})`, 'gi'))
    .map((part, index) =>
      index % 2 === 1 ? `<strong>${escapeHtml(part)}</strong>` : escapeHtml(part),
    )
    .join('');
}

function snippet(result: FakeResult, query: string, position: number): string {
  const host = new URL(result.url).hostname;
  const title = escapeHtml(result.title);
  const date = result.published
    ? `<span class="t-secondary">${displayDate(result.published)}</span> `
    : '';
  return `
  <div class="snippet ${SVELTE}" data-pos="${position}" data-type="web">
    <a href="${escapeHtml(result.url)}" class="${SVELTE} l1" target="_self">
      <div class="site-name-wrapper ${SVELTE}"><div class="site-name-content ${SVELTE}">
        <div class="desktop-small-semibold t-primary ${SVELTE}">${escapeHtml(host)}</div>
        <cite class="snippet-url ${SVELTE}"><span class="netloc">${escapeHtml(host)}</span></cite>
      </div></div>
      <div class="title search-snippet-title line-clamp-1 ${SVELTE}" title="${title}">${title}</div>
    </a>
    <div class="snippet-content ${SVELTE}"><div class="generic-snippet ${SVELTE}">
      <div class="content desktop-default-regular t-primary line-clamp-dynamic ${SVELTE}">${date}${highlight(result.snippet, query)}</div>
    </div></div>
  </div>`;
}

/** Brave's ads sit among the results and go through a relative click redirect. */
const AD = `
  <div class="snippet ${SVELTE}" data-pos="0" data-type="ad">
    <a href="/a/redirect?click_url=https%3A%2F%2Fads.example%2F&amp;placement_id=7f3e" class="${SVELTE}">
      <div class="title ${SVELTE}">Sponsored result: learn fast</div>
    </a>
    <div class="content ${SVELTE}">ads.example</div>
  </div>`;

function resultsPage(query: string): string {
  const results = corpus(query)
    .map((result, index) => snippet(result, query, index + 1))
    .join('');
  const related = ['tokio vs async-std', 'rust async book']
    .map(
      (related) =>
        `<a class="related-query ${SVELTE}" href="/search?q=${encodeURIComponent(related)}&amp;source=web">${escapeHtml(related)}</a>`,
    )
    .join('');
  return page(
    query,
    `<div id="results" class="results ${SVELTE}" data-layout="desktop">${AD}${results}
</div>
<div id="related-queries" class="${SVELTE}"><div class="h6">People also ask</div>${related}</div>`,
  );
}

const emptyPage = (query: string): string =>
  page(
    query,
    `<div id="results" class="results ${SVELTE}" data-layout="desktop"></div>
<div class="no-results ${SVELTE}"><p>Not many great matches came back for your search: <strong>${escapeHtml(query)}</strong></p></div>`,
  );

const page = (query: string, body: string): string => `<!DOCTYPE html>
<html lang="en" class="theme-system"><head><meta charset="utf-8">
<title>${escapeHtml(query)} - Brave Search</title>
<link rel="stylesheet" href="/_app/immutable/assets/0.1f2e3d4c.css"></head>
<body><div id="app"><main id="main" class="${SVELTE}">
<form id="searchform" action="/search" method="get"><input id="searchbox" name="q" value="${escapeHtml(query)}"></form>
${body}
</main></div></body></html>`;

/** The proof-of-work CAPTCHA Brave shows to clients it suspects of being bots. */
const CHALLENGE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Captcha - Brave Search</title></head>
<body><main class="captcha-page">
<h1>Confirm you are a human</h1>
<p>We need to make sure you are not a robot. Solving the PoW challenge below may take a few seconds.</p>
<form id="captcha-form" method="post" action="/search/captcha">
  <input type="hidden" name="challenge" value="8c1f2b9d0e7a">
  <div class="pow-captcha" data-difficulty="18"></div>
  <button type="submit">Verify</button>
</form>
</main></body></html>`;

/** A fake `search.brave.com/search` speaking Brave's HTML result format. */
export const startBraveHtmlFake = (): Promise<FakeServer> =>
  startHtmlEngineFake({
    results: resultsPage,
    empty: emptyPage,
    challenge: { status: 200, html: CHALLENGE },
    // Brave answers a rate-limited client with its challenge page and a 429.
    tooMany: CHALLENGE,
  });
