/**
 * What the page says about itself: title, site name, author, publication
 * date, description and preview image, from JSON-LD, Open Graph, other
 * `<meta>` tags, `<title>`, `time[datetime]` and author links, in that order
 * of trust. Read from the whole tree before anything is removed.
 */

import { publishedDate } from '../../published-date.js';
import type { Page } from '../../types.js';
import { tryUrl } from '../../url.js';
import { linkedData, parseJsonLd } from './json-ld.js';
import { resolve } from './links.js';
import { pageTitle } from './page-title.js';
import { collapse, type Element, findFirst, isElement, type ParentNode, textOf } from './tree.js';

/** What a page says about itself, in the Page's own fields. */
export type PageMetadata = Pick<
  Page,
  'title' | 'siteName' | 'byline' | 'published' | 'description' | 'image'
>;

/** `<meta>` keys for each field, most trusted first (Open Graph, Twitter, Dublin Core, Parse.ly, Sailthru). */
const KEYS = {
  title: ['og:title', 'twitter:title', 'dc.title', 'dcterms.title', 'parsely-title'],
  siteName: ['og:site_name', 'application-name', 'twitter:site:name'],
  byline: [
    'author',
    'article:author',
    'parsely-author',
    'sailthru.author',
    'dc.creator',
    'dcterms.creator',
    'byl',
  ],
  published: [
    'article:published_time',
    'og:article:published_time',
    'og:published_time',
    'datepublished',
    'date',
    'pubdate',
    'publishdate',
    'publish-date',
    'publish_date',
    'published_time',
    'dc.date',
    'dc.date.issued',
    'dcterms.date',
    'dcterms.issued',
    'dcterms.created',
    'sailthru.date',
    'parsely-pub-date',
    'article.published',
  ],
  description: ['og:description', 'description', 'twitter:description', 'dc.description'],
  image: ['og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src'],
} as const;

/** What bylines open with before the name ("By", "View all posts by", "Von"). */
const BY =
  /^(?:(?:view|see) all (?:posts|articles|stories) by|(?:posted|written) by|by|von|par|por|di)\s+/i;

/** A byline longer than this is a paragraph that happened to carry the class. */
const BYLINE_LIMIT = 100;

interface Found {
  meta: Map<string, string>;
  title?: string;
  firstHeading?: string;
  jsonLd: string[];
  times: Element[];
  authorLinks: string[];
}

const isAuthorMark = (element: Element): boolean =>
  element.attribs.itemprop === 'author' ||
  /(?:^|\s)author(?:\s|$)/i.test(element.attribs.rel ?? '');

/** An author element's name: its `itemprop="name"` part when it has one (the rest is a profile card). */
function authorName(element: Element): string {
  const name = findFirst(element, (inner) => inner.attribs.itemprop === 'name');
  const named = name && (name.attribs.content ?? textOf(name));
  return collapse(named || textOf(element));
}

function scan(page: ParentNode): Found {
  const found: Found = { meta: new Map(), jsonLd: [], times: [], authorLinks: [] };
  const visit = (parent: ParentNode, inSvg: boolean) => {
    for (const child of parent.children) {
      if (!isElement(child)) continue;
      const { name, attribs } = child;
      if (name === 'meta') {
        const key = (attribs.property ?? attribs.name ?? attribs.itemprop)?.toLowerCase();
        const content = attribs.content?.trim();
        if (key && content && !found.meta.has(key)) found.meta.set(key, content);
      } else if (name === 'title' && !inSvg && found.title === undefined) {
        found.title = collapse(textOf(child));
      } else if (name === 'script' && attribs.type?.toLowerCase() === 'application/ld+json') {
        found.jsonLd.push(textOf(child));
      } else if (name === 'time' || attribs.itemprop === 'datePublished') {
        found.times.push(child);
      } else if (isAuthorMark(child)) {
        found.authorLinks.push(authorName(child));
      } else if (name === 'h1' && found.firstHeading === undefined) {
        found.firstHeading = collapse(textOf(child));
      }
      if (name !== 'script' && name !== 'style') visit(child, inSvg || name === 'svg');
    }
  };
  visit(page, false);
  return found;
}

/** The `<title>` element's text as written (not one inside an inline SVG). */
export function documentTitle(page: ParentNode): string | undefined {
  for (const child of page.children) {
    if (!isElement(child) || child.name === 'svg') continue;
    if (child.name === 'title') return collapse(textOf(child));
    const inner = documentTitle(child);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

const metaValue = (meta: Map<string, string>, keys: readonly string[]): string | undefined => {
  for (const key of keys) {
    const value = meta.get(key);
    if (value) return value;
  }
  return undefined;
};

/** The publication time marked in the body: `pubdate` or `datePublished` first, then any `<time>`. */
function bodyDate(times: Element[]): string | undefined {
  const dated = (element: Element) =>
    publishedDate(element.attribs.datetime ?? element.attribs.content);
  const marked = times.find(
    (time) => time.attribs.pubdate !== undefined || time.attribs.itemprop === 'datePublished',
  );
  return (marked && dated(marked)) ?? times.map(dated).find((date) => date !== undefined);
}

const isAddress = (text: string) => /^(?:https?:)?\/\//i.test(text);

const hostOf = (address: string): string | undefined => tryUrl(address)?.hostname;

export function readMetadata(page: ParentNode, base: string): PageMetadata {
  const found = scan(page);
  const linked = linkedData(parseJsonLd(found.jsonLd));
  const meta = (keys: readonly string[]) => metaValue(found.meta, keys);
  const siteName = linked.siteName ?? meta(KEYS.siteName);
  const metaByline = meta(KEYS.byline);
  const bylines = [linked.byline, metaByline, ...found.authorLinks]
    .map((text) => (text ? collapse(text).replace(BY, '') : ''))
    .filter((text) => /\p{L}{2}/u.test(text) && !isAddress(text) && text.length <= BYLINE_LIMIT);
  const image = linked.image ?? meta(KEYS.image);
  const result: PageMetadata = {
    title: pageTitle({
      declared: [linked.headline, linked.name, ...KEYS.title.map((key) => found.meta.get(key))],
      titleTag: found.title,
      firstHeading: found.firstHeading,
      siteName,
      host: hostOf(base),
    }),
    siteName: siteName && collapse(siteName),
    byline: bylines[0],
    published:
      publishedDate(linked.published) ??
      publishedDate(meta(KEYS.published)) ??
      bodyDate(found.times),
    description: (linked.description ?? meta(KEYS.description))?.replace(/\s+/g, ' ').trim(),
    image: image ? resolve(image, base) : undefined,
  };
  return Object.fromEntries(
    Object.entries(result).filter(([, value]) => value !== undefined && value !== ''),
  ) as PageMetadata;
}
