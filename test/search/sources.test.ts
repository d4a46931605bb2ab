import { describe, expect, it } from 'vitest';
import { publishedDate } from '../../src/published-date.js';
import { cleanUrl, urlKey } from '../../src/search/canonical-url.js';
import { cutText, plainText } from '../../src/search/plain-text.js';
import { shapeSources } from '../../src/search/shape-sources.js';

const NOW = Date.parse('2026-11-30T12:00:00Z');

describe('cleanUrl', () => {
  it.each([
    ['https://a.example/x?utm_source=x&utm_medium=y&id=7', 'https://a.example/x?id=7'],
    ['https://a.example/?gclid=1&fbclid=2&msclkid=3', 'https://a.example/'],
    ['https://a.example/p?UTM_Campaign=z&q=a+b', 'https://a.example/p?q=a+b'],
    ['https://a.example/p?ref=keep&mc_cid=1', 'https://a.example/p?ref=keep'],
    ['https://a.example/p#section', 'https://a.example/p#section'],
  ])('%s → %s', (raw, clean) => {
    expect(cleanUrl(raw)).toBe(clean);
  });

  it('refuses what is not http(s)', () => {
    for (const raw of [
      'javascript:alert(1)',
      'data:text/html,x',
      'ftp://a.example/',
      'not a url',
    ]) {
      expect(cleanUrl(raw)).toBeUndefined();
    }
  });

  it('gives one key to the same page under other spellings', () => {
    const keys = ['https://www.a.example/p/', 'http://a.example/p', 'https://A.example/p#top'].map(
      urlKey,
    );
    expect(new Set(keys).size).toBe(1);
    expect(urlKey('https://a.example/p?x=1')).not.toBe(urlKey('https://a.example/p?x=2'));
  });
});

describe('plainText and cutText', () => {
  it('drops tags and decodes entities once', () => {
    expect(plainText('A <b>bold</b> &amp; <span class="x">fine</span> &lt;tag&gt; &amp;amp;')).toBe(
      'A bold & fine <tag> &amp;',
    );
    expect(plainText('x <script>alert(1)</script> y <style>p{}</style>z')).toBe('x y z');
    expect(plainText('1 < 2 and 3 > 2')).toBe('1 < 2 and 3 > 2');
  });

  it('cuts at a word boundary with an ellipsis', () => {
    expect(cutText('short', 300)).toBe('short');
    const cut = cutText('word '.repeat(100), 50);
    expect(cut.length).toBeLessThanOrEqual(50);
    expect(cut).toMatch(/word…$/);
  });
});

describe('publishedDate', () => {
  it.each([
    ['2024-01-29T12:00:00+00:00', '2024-01-29'],
    ['2025-05-12T00:00:00', '2025-05-12'],
    ['2024-01-29 12:00:00+0000', '2024-01-29'],
    ['Jan 29, 2024', '2024-01-29'],
    ['May 3, 2025 -', '2025-05-03'],
    ['3 hour(s), 0 minute(s) ago', '2026-11-30'],
    ['2 days ago', '2026-11-28'],
    ['1 week ago', '2026-11-23'],
    ['yesterday-ish', undefined],
    ['', undefined],
    [null, undefined],
    ['3000-01-01', undefined],
  ])('%j is %j', (text, day) => {
    expect(publishedDate(text, NOW)).toBe(day);
  });
});

describe('shapeSources', () => {
  it('cleans, de-duplicates, keeps to the site and cuts to the limit', () => {
    const raw = [
      { title: 'A &amp; <b>B</b>', url: 'https://docs.rs/a?utm_source=x', snippet: 'one' },
      { title: 'dup', url: 'https://www.docs.rs/a#x', snippet: 'two' },
      { title: 'other', url: 'https://other.example/', snippet: 'three' },
      { title: '', url: 'https://api.docs.rs/b', snippet: 'four', published: '2024-01-01' },
      { title: 'bad', url: 'javascript:void(0)', snippet: 'five' },
      { title: 'c', url: 'https://docs.rs/c', snippet: 'six' },
    ];
    expect(shapeSources(raw, { maxResults: 2, snippetChars: 300, site: 'docs.rs' })).toEqual([
      { title: 'A & B', url: 'https://docs.rs/a', snippet: 'one' },
      {
        title: 'api.docs.rs',
        url: 'https://api.docs.rs/b',
        snippet: 'four',
        published: '2024-01-01',
      },
    ]);
  });

  it('keeps angle brackets of plain-text providers', () => {
    const raw = [
      { title: 'The <details> element', url: 'https://a.example/', snippet: 'a &amp; b' },
    ];
    expect(
      shapeSources(raw, { maxResults: 5, snippetChars: 300, markup: 'text' })[0],
    ).toMatchObject({
      title: 'The <details> element',
      snippet: 'a & b',
    });
  });
});
