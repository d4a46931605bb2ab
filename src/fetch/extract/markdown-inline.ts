/**
 * Inline HTML (text, links, images, code, emphasis, line breaks) as one
 * Markdown paragraph. Whitespace collapses as a browser collapses it; only
 * `<br>` and nested blocks break lines.
 */
import { BLOCK_TAGS } from './block-tags.js';
import { imageSource, resolve } from './links.js';
import { type AnyNode, type Element, isElement, isText, textOf } from './tree.js';

/** Tags shown as code spans. */
const CODE_TAGS = new Set(['code', 'kbd', 'samp', 'tt']);
/** Tags shown in bold and in italics. */
const STRONG_TAGS = new Set(['strong', 'b']);
const EMPHASIS_TAGS = new Set(['em', 'i']);

/** Images this small (in either dimension, in pixels) are icons, smileys and spacers. */
const ICON_SIZE = 32;

/** `*`, backticks, and `_` where it could open or close emphasis (not inside snake_case). */
const INLINE_SPECIAL = /[*`]|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])|<(?=[A-Za-z/!?])/gu;
/** What would turn a line into a heading, quote, list item or rule. */
const LINE_START_SPECIAL = /^(#{1,6}(?=\s|$)|>|[-+](?=\s)|=+\s*$|(\d+)([.)])(?=\s))/;

const escapeText = (text: string): string => text.replace(INLINE_SPECIAL, '\\$&');

/** Escapes what would change a line's meaning at its start. */
function escapeLineStart(line: string): string {
  return line.replace(LINE_START_SPECIAL, (match, _all, number, mark) =>
    number ? `${number}\\${mark}` : `\\${match}`,
  );
}

/** A code span around `text`, with enough backticks to hold the ones inside. */
function codeSpan(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const padding = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${padding}${text}${padding}${fence}`;
}

/** Marks around inner text, with the inner text's outer spaces moved outside the marks. */
function wrap(inner: string, mark: string): string {
  const trimmed = inner.trim();
  if (trimmed === '') return inner;
  const before = inner.startsWith(' ') ? ' ' : '';
  const after = inner.endsWith(' ') ? ' ' : '';
  return `${before}${mark}${trimmed}${mark}${after}`;
}

/** A link address made safe inside `( )`. */
const escapeAddress = (address: string): string =>
  address.replace(/[ ()<>]/g, (character) => encodeURIComponent(character));

/** Markdown that will sit inside `[ ]`, on one line. */
const oneLine = (text: string): string => text.replace(/\s*\n\s*/g, ' ');
const escapeBrackets = (text: string): string => text.replace(/[[\]]/g, '\\$&');

const isIcon = (element: Element): boolean => {
  const width = Number.parseInt(element.attribs.width ?? '', 10);
  const height = Number.parseInt(element.attribs.height ?? '', 10);
  return width <= ICON_SIZE || height <= ICON_SIZE;
};

function image(element: Element, base: string): string {
  if (isIcon(element)) return '';
  const alt = (element.attribs.alt ?? '').replace(/\s+/g, ' ').trim();
  const source = imageSource(element, base);
  return alt && source ? `![${escapeBrackets(alt)}](${escapeAddress(source)})` : '';
}

/** The text of a permalink anchor beside a heading: a mark, not words. */
const PERMALINK_TEXT = /^(?:#|¶|§|🔗|\\#)$/u;

function link(element: Element, base: string): string {
  const href = element.attribs.href;
  const address = href === undefined ? undefined : resolve(href, base);
  const text = inlineOf(element.children, base, address !== undefined).trim();
  // A link that is only an image is an icon, a banner or a logo: what it points to is not content.
  if (text === '' || /^!\[[^\]]*\]\([^)]*\)$/.test(text)) return '';
  // A heading's permalink (`#`, `¶`, `§`, `🔗`) repeats the heading's own address.
  if (PERMALINK_TEXT.test(text) && href?.includes('#')) return '';
  return address ? `[${oneLine(text)}](${escapeAddress(address)})` : text;
}

/** Inline Markdown of `nodes`; inside a link, brackets in the text are escaped too. */
function inlineOf(nodes: AnyNode[], base: string, inLink = false): string {
  let out = '';
  for (const node of nodes) {
    if (isText(node)) {
      const text = escapeText(node.data.replace(/\s+/g, ' '));
      out += inLink ? escapeBrackets(text) : text;
    } else if (isElement(node)) out += element(node, base, inLink);
  }
  return out;
}

function element(node: Element, base: string, inLink: boolean): string {
  const name = node.name;
  if (name === 'br') return '\n';
  if (name === 'img') return image(node, base);
  if (name === 'a') return link(node, base);
  if (CODE_TAGS.has(name)) {
    const code = textOf(node).replace(/\s+/g, ' ');
    return code.trim() === '' ? code : codeSpan(code);
  }
  const inner = inlineOf(node.children, base, inLink);
  if (STRONG_TAGS.has(name)) return wrap(inner, '**');
  if (EMPHASIS_TAGS.has(name)) return wrap(inner, '*');
  if (BLOCK_TAGS.has(name)) return `\n${inner}\n`;
  return inner;
}

/**
 * Inline nodes as Markdown lines: spaces collapsed, each line trimmed and
 * escaped at its start, at most one blank line in a row.
 */
export function inlineMarkdown(nodes: AnyNode[], base: string): string {
  return inlineOf(nodes, base)
    .split('\n')
    .map((line) => escapeLineStart(line.replace(/ {2,}/g, ' ').trim()))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
