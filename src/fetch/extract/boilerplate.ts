/**
 * Site furniture told by its markup: landmark tags and roles, and class or id
 * names that sites give navigation, sidebars, comments, sharing bars and the
 * like. Only names are judged here; main-content.ts decides with text
 * measures whether a named element really is furniture.
 */
import type { Element } from './tree.js';

/** Landmark tags of site furniture (HTML's sectioning semantics), and image captions. */
const FURNITURE_TAGS = new Set(['nav', 'aside', 'footer', 'menu', 'figcaption']);

/** ARIA roles of site furniture (WAI-ARIA landmark and widget roles). */
const FURNITURE_ROLES = new Set([
  'navigation',
  'banner',
  'contentinfo',
  'complementary',
  'search',
  'menu',
  'menubar',
  'toolbar',
  'tablist',
  'alertdialog',
  'dialog',
]);

/**
 * Name parts of furniture, matched as whole parts of a class or id split at
 * spaces, dashes, underscores and digits (`post-nav` yes, `canvas` no).
 */
const FURNITURE_PARTS = new Set(
  [
    'nav navbar navi navigation topnav subnav sidenav menu menus mainmenu submenu megamenu',
    'footer foot sidebar sidebars sidecol rail aside widget widgets toolbar masthead banner',
    'breadcrumb breadcrumbs crumb crumbs pagination pager paging skip skiplink jump',
    'share shares sharing sharebar sharer social socials related recommended recommendations',
    'promo promos promotion cta ad ads adv advert advertisement advertising adsense sponsor',
    'sponsored outbrain taboola cookie cookies consent gdpr newsletter subscribe subscription',
    'signup login signin popup modal overlay tags tagcloud taglist trending popular mostread',
    'comment comments commentlist disqus respond replies reactions rss noprint searchbar',
    'searchbox editsection',
  ]
    .join(' ')
    .split(' '),
);

/**
 * Name parts of the article's own metadata lines (author, date, reading
 * time), which repeat what the metadata fields say; dropped while short.
 */
const METADATA_PARTS = new Set(
  (
    'meta metadata metaline metabar byline dateline author authors date dates timestamp ' +
    'posted postdate pubdate published updated modified readtime caption credit credits'
  ).split(' '),
);

/** Tags whose own names are never judged: headings are content, phrasing is judged by its block. */
const UNJUDGED_TAGS = new Set([
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'a',
  'b',
  'strong',
  'em',
  'i',
  'code',
  'pre',
  'img',
]);

/** Parts of lists and tables, where a `date` or `author` class names a column, not a byline. */
const CELL_TAGS = new Set(['td', 'th', 'tr', 'li', 'dt', 'dd']);

/** Names glued into one word without separators (`relatedArticles`, `commentsWrapper`). */
const FURNITURE_INFIX =
  /sidebar|navbar|navigation|breadcrumb|pagination|newsletter|cookiebanner|cookieconsent|comments|related(?:posts|articles|stories|content|links)|socialshare|sharebuttons|sharetools|advertis|sponsored|outbrain|taboola|disqus|mostpopular|mostread|readmore|readnext|moreStories|footer/i;

/** Names of comment sections, which are dropped even when longer than the article. */
const COMMENT_NAME = /(?:^|[\s_-])(?:comments?|commentlist|disqus|respond|replies)(?:$|[\s_\d-])/i;

/** Splits a class or id into its lower-case parts. */
const nameParts = (name: string): string[] =>
  name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[\s_\d-]+/);

/** Class and id together, as one string to match. */
const classAndId = (element: Element): string =>
  `${element.attribs.class ?? ''} ${element.attribs.id ?? ''}`;

/** The element's tag or role says it is furniture. */
export function isFurnitureLandmark(element: Element): boolean {
  if (FURNITURE_TAGS.has(element.name)) return true;
  const role = element.attribs.role;
  return role !== undefined && FURNITURE_ROLES.has(role);
}

/** The element's class or id names it furniture. */
export function hasFurnitureName(element: Element): boolean {
  const names = classAndId(element);
  if (names.length < 2 || UNJUDGED_TAGS.has(element.name)) return false;
  if (FURNITURE_INFIX.test(names)) return true;
  return nameParts(names).some((part) => FURNITURE_PARTS.has(part));
}

/** The element's class or id names it an author, date or similar metadata line. */
export function hasMetadataName(element: Element): boolean {
  const names = classAndId(element);
  if (names.length < 2 || UNJUDGED_TAGS.has(element.name) || CELL_TAGS.has(element.name)) {
    return false;
  }
  return nameParts(names).some((part) => METADATA_PARTS.has(part));
}

/** The element's class or id names a comment section. */
export const hasCommentName = (element: Element): boolean => COMMENT_NAME.test(classAndId(element));
