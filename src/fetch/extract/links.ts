/**
 * Absolute addresses for links and images, resolved against the page's
 * address (or its `<base href>`), and the addresses that are not worth
 * showing: scripts, bare fragments and inline data.
 */
import { tryUrl } from '../../url.js';
import { attribute, type Element, findFirst, type ParentNode } from './tree.js';

/** Schemes a reader can follow; anything else (javascript:, data:, vbscript:) is dropped. */
const FOLLOWABLE = new Set(['http:', 'https:', 'mailto:', 'ftp:', 'tel:']);

/** Attributes that lazy-loading scripts read the real image address from. */
const LAZY_SOURCES = ['data-src', 'data-lazy-src', 'data-original', 'data-url', 'data-srcset'];

/** The address relative links resolve against: `<base href>` when the page sets one. */
export function baseAddress(page: ParentNode, pageUrl: string): string {
  const base = findFirst(page, (element) => element.name === 'base' && !!element.attribs.href);
  const href = base ? attribute(base, 'href') : undefined;
  if (href) {
    const resolved = resolve(href, pageUrl);
    if (resolved) return resolved;
  }
  return pageUrl;
}

/** `href` made absolute against `base`; `undefined` when it is not followable or not valid. */
export function resolve(href: string, base: string): string | undefined {
  const trimmed = href.trim();
  if (trimmed === '' || trimmed === '#') return undefined;
  const url = tryUrl(trimmed, base);
  return url && FOLLOWABLE.has(url.protocol) ? url.href : undefined;
}

/** The image's real address, looking past lazy-loading placeholders. */
export function imageSource(image: Element, base: string): string | undefined {
  const src = attribute(image, 'src');
  if (src && !src.startsWith('data:')) {
    const resolved = resolve(src, base);
    if (resolved) return resolved;
  }
  for (const name of LAZY_SOURCES) {
    const value = attribute(image, name);
    // A srcset lists "address width" pairs; the first address will do.
    const first = value?.trim().split(/[\s,]+/)[0];
    if (first && !first.startsWith('data:')) {
      const resolved = resolve(first, base);
      if (resolved) return resolved;
    }
  }
  return undefined;
}
