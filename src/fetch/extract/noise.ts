/**
 * What no reader sees or wants whatever the page: code, styling, widgets,
 * hidden elements, ruby readings and MathML. Removed before anything is
 * measured, so every later step counts only visible text.
 */
import { type Element, isElement, isText, type ParentNode, textOf, visibleLength } from './tree.js';

/** Elements whose content is never page text (code, media fallbacks, form controls, ruby readings, MathML). */
const NOISE_TAGS = new Set([
  'head',
  'title',
  'meta',
  'link',
  'base',
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'canvas',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'audio',
  'video',
  'source',
  'track',
  'map',
  'input',
  'button',
  'select',
  'option',
  'optgroup',
  'datalist',
  'textarea',
  'label',
  'output',
  'progress',
  'meter',
  'dialog',
  'rt',
  'rp',
  'math',
]);

/** Inline styles that hide an element. */
const HIDING_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\b/i;

/** Class names that hide an element or keep it for screen readers only. */
const HIDING_CLASS =
  /(?:^|\s)(?:hidden|hide|d-none|is-hidden|invisible|sr-only|sr-only-focusable|visually-hidden|visuallyhidden|screen-reader-text|screenreader-only|a11y-hidden|offscreen)(?:\s|$)/i;

/**
 * A form holding less text than this is a search box, a login or a comment
 * form; a larger one wraps the page itself (ASP.NET, forum moderation forms).
 */
const FORM_TEXT_LIMIT = 500;

/** The element is hidden from sight by its attributes, its inline style or a hiding class. */
function isHidden(element: Element): boolean {
  const { attribs } = element;
  if (attribs.hidden !== undefined) return true;
  if (attribs['aria-hidden'] === 'true') return true;
  if (attribs.type === 'hidden') return true;
  const style = attribs.style;
  if (style && HIDING_STYLE.test(style)) return true;
  const className = attribs.class;
  return className !== undefined && HIDING_CLASS.test(className);
}

/**
 * Drops noise elements, comments and processing instructions under `root`,
 * in place. Text nodes and other elements stay.
 */
export function removeNoise(root: ParentNode): void {
  const kept = root.children.filter((child) => {
    if (isText(child)) return true;
    if (!isElement(child)) return false;
    if (NOISE_TAGS.has(child.name) || isHidden(child)) return false;
    removeNoise(child);
    return child.name !== 'form' || visibleLength(textOf(child)) >= FORM_TEXT_LIMIT;
  });
  root.children = kept;
}
