/**
 * The page's title, chosen among what the page declares (JSON-LD, Open
 * Graph, Twitter) and its `<title>`, without the site's name that sites
 * append ("Tides explained | Harbour Notes").
 */
import { collapse } from './tree.js';

export interface TitleSources {
  /** Declared titles, most trusted first: JSON-LD headline and name, og:title, twitter:title. */
  declared: (string | undefined)[];
  /** The `<title>` element's text. */
  titleTag?: string;
  /** The first `<h1>`, when nothing else names the page. */
  firstHeading?: string;
  siteName?: string;
  /** The page's host name, whose labels sites use as their name ("Wikipedia" on en.wikipedia.org). */
  host?: string;
}

/** Separators between a title and a site's name; a bare `|` too, which titles never hold. */
const SEPARATOR = /\s+[|–—·•»~-]\s+|\s*[|｜]\s*|\s+::?\s+/;
/** Separators left dangling at either end ("Forum ::"). */
const DANGLING = /^(?:[|–—·•»~:-]+\s*)+|(?:\s*[|–—·•»~:-]+)+$/g;
/** A `<title>` part this many words long or longer is taken as the page's own title. */
const OWN_TITLE_WORDS = 3;

/** Letters and digits only, lower case: the form titles are compared in. */
const comparable = (text: string): string => text.replace(/[^\p{L}\p{N}]+/gu, '').toLowerCase();

/** The names a site goes by: its stated name and the labels of its host. */
function siteNames(sources: TitleSources): Set<string> {
  const names = new Set<string>();
  if (sources.siteName) names.add(comparable(sources.siteName));
  for (const label of sources.host?.split('.') ?? []) {
    if (label.length > 3 && label !== 'www') names.add(comparable(label));
  }
  names.delete('');
  return names;
}

/** The title without the parts that name the site; the title itself when every part would go. */
function withoutSite(title: string, names: Set<string>): string {
  const parts = title.split(SEPARATOR).map((part) => part.replace(DANGLING, '').trim());
  const own = parts.filter((part) => {
    const text = comparable(part);
    return text !== '' && ![...names].some((name) => name === text || name.includes(text));
  });
  if (own.length === 0 || own.length === parts.length) return title.replace(DANGLING, '').trim();
  return own.join(' - ');
}

/** A `<title>` with the site's name gone, or else its longest part when that is long enough. */
function ownPartOfTag(tag: string, names: Set<string>): string {
  const cleaned = withoutSite(tag, names);
  if (cleaned !== tag.replace(DANGLING, '').trim()) return cleaned;
  const parts = cleaned.split(SEPARATOR).map((part) => part.trim());
  if (parts.length < 2) return cleaned;
  const longest = [...parts].sort((a, b) => b.length - a.length)[0] as string;
  return longest.split(/\s+/).length >= OWN_TITLE_WORDS ? longest : cleaned;
}

/**
 * The declared title that the `<title>` repeats (some sites put a tagline in
 * JSON-LD's headline), else the most trusted declared one, else the
 * `<title>`, else the first heading.
 */
export function pageTitle(sources: TitleSources): string | undefined {
  const names = siteNames(sources);
  // A declared "title" that is only the site's name (a WebPage item named after the site) says nothing.
  const declared = sources.declared
    .filter((title): title is string => !!title && !names.has(comparable(title)))
    .map((title) => withoutSite(collapse(title), names))
    .filter((title) => comparable(title) !== '');
  const tag = sources.titleTag ? collapse(sources.titleTag) : '';
  const inTag = declared.find((title) => comparable(tag).includes(comparable(title)));
  const title = inTag ?? declared[0] ?? (tag ? ownPartOfTag(tag, names) : sources.firstHeading);
  return title && title !== '' ? title : undefined;
}
