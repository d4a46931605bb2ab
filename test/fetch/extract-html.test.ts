import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeText } from '../../src/fetch/charset.js';
import { extractHtml } from '../../src/fetch/extract/html.js';

/** Golden cases: <case>/source.html and <case>/expected.md (add one with add-case.mjs there). */
const CASES = fileURLToPath(new URL('../fixtures/extract/', import.meta.url));
/** The address every golden page is read as (add-case.mjs uses the same). */
const PAGE_URL = 'https://example.com/articles/page.html';

/** expected.md's first line, which keeps Biome's Markdown formatter off the exact output. */
const FORMAT_OFF = /^<!-- biome-ignore-all format:[^\n]*-->\n/;

const caseNames = readdirSync(CASES).filter((name) => statSync(join(CASES, name)).isDirectory());

/** What expected.md holds (after FORMAT_OFF): the Markdown, or `verdict: <kind>`. */
const rendered = (html: string): string => {
  const result = extractHtml(html, PAGE_URL);
  return result.verdict ? `verdict: ${result.verdict.kind}\n` : `${result.markdown}\n`;
};

describe('extractHtml golden pages', () => {
  it('has the cases the extractor must keep passing', () => {
    expect(caseNames).toEqual(
      expect.arrayContaining([
        'article-with-boilerplate',
        'table',
        'code-with-language',
        'blockquote-and-lists',
        'relative-links-and-images',
        'challenge-cloudflare',
        'script-only-spa',
        'empty-body',
        'sole-article-vs-cards',
        'hidden-elements',
        'nested-duplicate-wrappers',
        'non-utf8-windows-1251',
      ]),
    );
  });

  for (const name of caseNames) {
    it(name, () => {
      // Decoded as a fetched page is: the bytes, read with their declared charset.
      const html = decodeText(readFileSync(join(CASES, name, 'source.html')), null);
      const expected = readFileSync(join(CASES, name, 'expected.md'), 'utf8').replace(
        FORMAT_OFF,
        '',
      );
      expect(rendered(html)).toBe(expected);
    });
  }
});

const page = (head: string, body = '<p>Text.</p>') =>
  `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;

describe('extractHtml metadata', () => {
  it('reads the article item of a JSON-LD @graph, following @id references', () => {
    const graph = {
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebSite', '@id': '#site', name: 'Harbour Notes' },
        { '@type': 'Person', '@id': '#ada', name: 'Ada Lovelace' },
        {
          '@type': ['NewsArticle'],
          headline: 'Tides explained',
          author: { '@id': '#ada' },
          datePublished: '2021-03-04T08:00:00+01:00',
          description: 'Why the sea rises twice a day.',
          image: [{ '@type': 'ImageObject', url: '/img/tides.jpg' }],
        },
      ],
    };
    const html = page(`<script type="application/ld+json">${JSON.stringify(graph)}</script>`);
    expect(extractHtml(html, 'https://news.example/2021/tides')).toMatchObject({
      title: 'Tides explained',
      siteName: 'Harbour Notes',
      byline: 'Ada Lovelace',
      published: '2021-03-04',
      description: 'Why the sea rises twice a day.',
      image: 'https://news.example/img/tides.jpg',
    });
  });

  it('reads a top-level JSON-LD array, a list of authors and the publisher', () => {
    const items = [
      { '@type': 'BreadcrumbList', itemListElement: [] },
      {
        '@type': 'BlogPosting',
        name: 'Knots for beginners',
        author: [{ '@type': 'Person', name: 'Ann' }, 'Bo'],
        publisher: { '@type': 'Organization', name: 'Rope Monthly' },
        dateCreated: '2020/11/05',
      },
    ];
    const html = page(`<script type="application/ld+json">${JSON.stringify(items)}</script>`);
    expect(extractHtml(html, 'https://example.com/')).toMatchObject({
      title: 'Knots for beginners',
      byline: 'Ann, Bo',
      siteName: 'Rope Monthly',
      published: '2020-11-05',
    });
  });

  it('passes over broken JSON-LD and falls back to Open Graph', () => {
    const html = page(
      '<script type="application/ld+json">{ not json </script>' +
        '<meta property="og:title" content="Open Graph title">' +
        '<meta property="og:site_name" content="OG Site">' +
        '<meta property="og:description" content="OG description">' +
        '<meta property="og:image" content="//cdn.example.com/card.png">' +
        '<meta property="article:published_time" content="2019-06-17T10:00:00Z">' +
        '<title>Title tag | OG Site</title>',
    );
    expect(extractHtml(html, 'https://example.com/post')).toMatchObject({
      title: 'Open Graph title',
      siteName: 'OG Site',
      description: 'OG description',
      image: 'https://cdn.example.com/card.png',
      published: '2019-06-17',
    });
  });

  it('reads meta name=author and description, and drops the site name from <title>', () => {
    const html = page(
      '<title>Winter rowing schedule - Millbrook Rowing Club</title>' +
        '<meta name="author" content="Jo Smith">' +
        '<meta name="description" content="When crews   train in winter.">',
    );
    expect(extractHtml(html, 'https://example.com/')).toMatchObject({
      title: 'Winter rowing schedule',
      byline: 'Jo Smith',
      description: 'When crews train in winter.',
    });
  });

  it('takes the date of a time[datetime] in the body when no metadata gives one', () => {
    const html = page(
      '<title>Notes</title>',
      '<article><time datetime="2018-02-03T23:30:00-05:00">3 February</time><p>Text.</p></article>',
    );
    expect(extractHtml(html, 'https://example.com/').published).toBe('2018-02-03');
  });

  it('prefers a time marked as the publication date over other times', () => {
    const html = page(
      '<title>Notes</title>',
      '<time datetime="2024-01-01">today</time><time itemprop="datePublished" datetime="2012-09-10">then</time>',
    );
    expect(extractHtml(html, 'https://example.com/').published).toBe('2012-09-10');
  });

  it('turns written dates into YYYY-MM-DD and ignores ones that are not dates', () => {
    const dated = (value: string) =>
      extractHtml(page(`<meta name="date" content="${value}">`), 'https://example.com/').published;
    expect(dated('Mon, 10 Sep 2012 09:01:00 GMT')).toBe('2012-09-10');
    expect(dated('September 10, 2012')).toBe('2012-09-10');
    expect(dated('20120910')).toBe('2012-09-10');
    expect(dated('soon')).toBeUndefined();
    expect(dated('1066-10-14')).toBeUndefined();
  });

  it('does not take an address as a byline', () => {
    const html = page('<meta property="article:author" content="https://facebook.com/someone">');
    expect(extractHtml(html, 'https://example.com/').byline).toBeUndefined();
  });

  it('resolves links against <base href>', () => {
    const html = page(
      '<base href="https://static.example.net/docs/">',
      '<article><p>Read the <a href="guide.html">guide</a> before you start; it explains every setting in plain words and gives an example of each.</p></article>',
    );
    expect(extractHtml(html, 'https://example.com/page').markdown).toContain(
      '[guide](https://static.example.net/docs/guide.html)',
    );
  });
});

describe('extractHtml verdicts', () => {
  it('names the bot check in plain words', () => {
    const html = readFileSync(join(CASES, 'challenge-cloudflare', 'source.html'), 'utf8');
    expect(extractHtml(html, PAGE_URL).verdict).toEqual({
      kind: 'challenge',
      reason: 'a Cloudflare bot check ("Just a moment...")',
    });
  });

  it.each([
    ['DDoS-Guard', '<title>DDoS-Guard</title>', '<p>Checking your browser</p>'],
    ['Anubis', "<title>Making sure you're not a bot!</title>", '<div id="anubis_challenge"></div>'],
    ['Cloudflare block', '<title>Attention Required! | Cloudflare</title>', '<p>Blocked.</p>'],
    [
      'DataDome',
      '<title>example.com</title>',
      '<script src="https://ct.captcha-delivery.com/c.js"></script>',
    ],
  ])('recognises a %s page', (_name, head, body) => {
    expect(extractHtml(page(head, body), PAGE_URL).verdict?.kind).toBe('challenge');
  });

  it('does not take an article that quotes a bot check for one', () => {
    const paragraph = `<p>${'Cloudflare shows "Just a moment..." while it checks a browser. '.repeat(40)}</p>`;
    const result = extractHtml(page('<title>Just a moment...</title>', paragraph), PAGE_URL);
    expect(result.verdict).toBeUndefined();
    expect(result.markdown).toContain('Cloudflare shows');
  });

  it('says a script-built shell needs a browser, and keeps its metadata', () => {
    const html = readFileSync(join(CASES, 'script-only-spa', 'source.html'), 'utf8');
    const result = extractHtml(html, PAGE_URL);
    expect(result.markdown).toBe('');
    expect(result.description).toBe('Your projects, in one place.');
    expect(result.verdict?.reason).toContain('<div id="root">');
    expect(result.verdict?.reason).toContain('needs a browser');
  });

  it('recognises a Next.js shell and an empty document', () => {
    const shell = page(
      '<title>App</title>',
      '<div id="__next"></div><script src="/_next/main.js"></script>',
    );
    expect(extractHtml(shell, PAGE_URL).verdict?.kind).toBe('script_only');
    expect(extractHtml('', PAGE_URL).verdict?.kind).toBe('empty');
  });

  it('reads a server-rendered app as content', () => {
    const body = `<div id="root"><main><p>${'Rendered on the server, readable without scripts. '.repeat(10)}</p></main></div><script src="/app.js"></script>`;
    const result = extractHtml(page('<title>App</title>', body), PAGE_URL);
    expect(result.verdict).toBeUndefined();
    expect(result.markdown).toContain('Rendered on the server');
  });
});

describe('extractHtml main content', () => {
  it('prefers <main> over other prose on the page', () => {
    const prose = (words: string) =>
      `<p>${`${words}, told at length and with care. `.repeat(8)}</p>`;
    const html = page(
      '<title>x</title>',
      `<div class="intro-box">${prose('An unrelated story')}</div><main>${prose('The real story')}</main>`,
    );
    const { markdown } = extractHtml(html, PAGE_URL);
    expect(markdown).toContain('The real story');
    expect(markdown).not.toContain('An unrelated story');
  });

  it('keeps a callout aside inside an article but drops a sidebar aside', () => {
    const html = page(
      '<title>x</title>',
      `<article><p>${'Back up the disk before you start, then run the tool. '.repeat(6)}</p>` +
        '<aside><p>Warning: the tool erases the partition table, so check the device name twice.</p></aside></article>' +
        '<aside><h3>Popular</h3><ul><li><a href="/a">One</a></li><li><a href="/b">Two</a></li></ul></aside>',
    );
    const { markdown } = extractHtml(html, PAGE_URL);
    expect(markdown).toContain('Warning: the tool erases');
    expect(markdown).not.toContain('Popular');
  });
});

describe('extractHtml on hostile markup', () => {
  it('survives nesting far deeper than any real page', () => {
    const html = `${'<div>'.repeat(20_000)}<p>Deep text.</p>${'</div>'.repeat(20_000)}`;
    expect(extractHtml(html, PAGE_URL).markdown).toBe('Deep text.');
  });

  it('keeps the text of a link to a script, without the link', () => {
    const html = page(
      '<title>x</title>',
      '<article><p>Press <a href="javascript:alert(1)">this button</a> to see nothing happen at all, which is the safe outcome of a script link in a page.</p></article>',
    );
    const { markdown } = extractHtml(html, PAGE_URL);
    expect(markdown).toContain('Press this button to see');
    expect(markdown).not.toContain('javascript');
  });
});

describe('extractHtml links', () => {
  it('drops the permalink marks beside headings, keeping real links', () => {
    const html = page(
      '',
      `<article><h2 id="setup">Setup <a href="#setup">#</a></h2><p>${'Install it with the package manager of your system, then start it. '.repeat(6)}See <a href="/docs#setup">the setup guide</a>.</p><h2 id="use">Use <a class="anchor" href="#use">¶</a></h2><p>${'Run the command and read what it prints, line by line, to the end. '.repeat(6)}</p></article>`,
    );
    const { markdown } = extractHtml(html, 'https://example.com/guide');
    expect(markdown).toContain('## Setup\n');
    expect(markdown).toContain('## Use\n');
    expect(markdown).toContain('[the setup guide](https://example.com/docs#setup)');
    expect(markdown).not.toMatch(/\[#\]|\[¶\]/);
  });
});
