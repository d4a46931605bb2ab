/**
 * Removes site furniture (navigation, headers, footers, sidebars, comment
 * sections, sharing and promotion boxes, bylines, captions) from the page.
 * Tags, roles and names are trusted unless the element reads as content: it
 * holds most of the page's prose, or long prose with few links, or the
 * page's headline; then the name belongs to a layout wrapper
 * (`content-sidebar-wrap`) or a section slug (`id="sharing-with-a-team"`).
 */
import {
  hasCommentName,
  hasFurnitureName,
  hasMetadataName,
  isFurnitureLandmark,
} from './boilerplate.js';
import { linkDensity, type Measures, measureOf } from './measure.js';
import { type Element, findFirst, isElement, type ParentNode } from './tree.js';

/** A named element holding at least this share of the page's prose is a wrapper, not furniture. */
const WRAPPER_SHARE = 0.8;

/**
 * Furniture is short or made of links: an element with this much prose and
 * few links is content whatever its name (`id="sharing-with-a-team"` is a
 * section slug, not a sharing bar).
 */
const CONTENT_PROSE = 1_500;
const CONTENT_LINK_DENSITY = 0.25;

/** An aside in an article with fewer links than this (per character) is a callout. */
const CALLOUT_LINK_DENSITY = 0.3;

/** A metadata line (author, date) is at most this long; a longer element only shares the name. */
const METADATA_CHARS = 200;

/** Tags inside which a `<header>` introduces the content rather than the site. */
const CONTENT_TAGS = new Set(['article', 'main']);

/** Elements that mark the page's content; furniture never holds them, a layout wrapper does. */
const holdsContentMarker = (element: Element): boolean =>
  findFirst(
    element,
    (inner) =>
      inner.name === 'h1' ||
      inner.name === 'main' ||
      (inner.name === 'article' && !hasCommentName(inner)) ||
      inner.attribs.itemprop === 'articleBody',
  ) !== undefined;

/** Removes furniture under `page` in place; `measures` are the page's, taken before. */
export function removeFurniture(page: ParentNode, measures: Measures): void {
  const pageProse = measureOf(measures, page).prose;
  const isContent = (element: Element): boolean => {
    if (hasCommentName(element)) return false;
    const measure = measureOf(measures, element);
    if (pageProse > 0 && measure.prose >= WRAPPER_SHARE * pageProse) return true;
    if (measure.prose >= CONTENT_PROSE && linkDensity(measure) < CONTENT_LINK_DENSITY) return true;
    return holdsContentMarker(element);
  };

  /** An `<aside>` inside an article that reads as prose is a note or a callout, not a sidebar. */
  const isCallout = (element: Element, inContent: boolean): boolean => {
    const measure = measureOf(measures, element);
    return (
      inContent &&
      element.name === 'aside' &&
      !hasFurnitureName(element) &&
      measure.prose > 0 &&
      linkDensity(measure) < CALLOUT_LINK_DENSITY
    );
  };

  const isFurniture = (element: Element, inContent: boolean): boolean =>
    (isFurnitureLandmark(element) && !isCallout(element, inContent)) ||
    (element.name === 'header' && !inContent) ||
    hasFurnitureName(element) ||
    (hasMetadataName(element) && measureOf(measures, element).chars <= METADATA_CHARS);

  const walk = (parent: ParentNode, inContent: boolean): void => {
    parent.children = parent.children.filter((child) => {
      if (!isElement(child)) return true;
      if (child.name === 'body' || child.name === 'html') {
        walk(child, inContent);
        return true;
      }
      if (isFurniture(child, inContent) && !isContent(child)) return false;
      walk(child, inContent || CONTENT_TAGS.has(child.name));
      return true;
    });
  };
  walk(page, false);
}
