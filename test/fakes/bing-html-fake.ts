import { corpus, type FakeResult } from './corpus.js';
import { escapeHtml, type FakeServer, startHtmlEngineFake } from './http-fake.js';

/** Query words shorter than this are not highlighted, as Bing skips stop words. */
const MIN_HIGHLIGHT = 3;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Bold the query's words the way Bing highlights them, escaping the text around them. */
function highlight(text: string, query: string): string {
  const words = query.split(/\s+/).filter((word) => word.length >= MIN_HIGHLIGHT);
  if (words.length === 0) return escapeHtml(text);
  const pattern = new RegExp(`(${words.map(escapeRegExp).join('|')})`, 'gi');
  // `split` with a capturing group puts the matches at the odd indexes.
  return text
    .split(pattern)
    .map((part, index) => (index % 2 ? `<strong>${escapeHtml(part)}</strong>` : escapeHtml(part)))
    .join('');
}

/** Most links go through Bing's `ck/a` click wrapper; every third one is direct. */
function link(url: string, index: number): string {
  if (index % 3 === 2) return escapeHtml(url);
  const p = (0x3f2a1b0c + index).toString(16);
  const u = `a1${Buffer.from(url).toString('base64url')}`;
  return `https://www.bing.com/ck/a?!&amp;&amp;p=${p}9d8e7f6a&amp;ptn=3&amp;ver=2&amp;hsh=4&amp;fclid=1a2b3c4d-0000-1111-2222-33334444555${index}&amp;u=${u}&amp;ntb=1`;
}

/** The date as Bing shows it before a snippet: `2025-05-03` → `May 3, 2025`. */
const displayDate = (iso: string): string =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

function result(entry: FakeResult, index: number, query: string): string {
  const href = link(entry.url, index);
  const host = escapeHtml(new URL(entry.url).hostname);
  const date = entry.published
    ? `<span class="news_dt">${displayDate(entry.published)}</span>&nbsp;&#0183;&nbsp;`
    : '';
  return `
  <li class="b_algo" data-id iid="SERP.${5125 + index * 15}">
    <div class="b_tpcn"><a class="tilk" aria-label="${host}" href="${href}"><div class="tptxt"><div class="tptt">${host}</div><div class="tpmeta"><div class="b_attribution"><cite>https://${host}</cite></div></div></div></a></div>
    <h2><a href="${href}" h="ID=SERP,${5126 + index * 15}.1">${escapeHtml(entry.title)}</a></h2>
    <div class="b_caption"><p class="b_lineclamp2 b_algoSlug"><span class="algoSlug_icon" data-priority="2">WEB</span>${date}${highlight(entry.snippet, query)}</p></div>
  </li>`;
}

function resultsPage(query: string): string {
  const results = corpus(query)
    .map((entry, index) => result(entry, index, query))
    .join('');
  const q = escapeHtml(query);
  return page(
    query,
    `<ol id="b_results" class="">
  <li class="b_ad b_adTop"><ul><li><div class="sb_add sb_adTA"><h2><a href="https://www.bing.com/aclick?ld=e8abc&amp;u=aHR0cHM6Ly9hZHMuZXhhbXBsZS8">Sponsored: learn fast</a></h2>
    <div class="b_caption"><p>Sponsored · ads.example</p></div></div></li></ul></li>${results}
  <li class="b_pag"><nav role="navigation" aria-label="More results for ${q}"><a class="sb_pagN" href="/search?q=${encodeURIComponent(query)}&amp;first=11&amp;FORM=PERE" title="Next page">Next</a></nav></li>
</ol>`,
  );
}

const page = (query: string, body: string): string => `<!DOCTYPE html>
<html lang="en" dir="ltr"><head><meta charset="utf-8"><title>${escapeHtml(query)} - Search</title></head>
<body><div id="b_content"><main aria-label="Search Results">${body}</main></div></body></html>`;

const empty = (query: string): string =>
  page(
    query,
    `<ol id="b_results" class=""><li class="b_no"><h1>There are no results for <strong>${escapeHtml(query)}</strong></h1>
  <ul><li><span>Check your spelling or try different keywords</span></li></ul></li></ol>`,
  );

/** Composed, not captured: what Bing answers (HTTP 200) to traffic it takes for a bot. */
const CHALLENGE = `<!DOCTYPE html><html lang="en"><head><title>Bing</title></head><body>
<div id="b_captcha" class="b_captcha"><h1>One last step</h1>
<p>Our systems have detected unusual traffic from your computer network. Please verify you are a human.</p>
<form id="captcha-form" action="/challenge/verify?form=CAPTCHA" method="post">
<img src="/challenge/image?id=7f3a" alt="captcha"><input type="text" name="answer"><input type="submit" value="Submit">
</form></div></body></html>`;

/** A fake `www.bing.com/search` speaking Bing's HTML result format. */
export const startBingHtmlFake = (): Promise<FakeServer> =>
  startHtmlEngineFake({ results: resultsPage, empty, challenge: { status: 200, html: CHALLENGE } });
