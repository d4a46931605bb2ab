/**
 * The main content as Markdown: headings, paragraphs, lists, block quotes,
 * fenced code, tables and rules. Inline runs between blocks become
 * paragraphs (markdown-inline.ts); each node is written once, so a wrapper's
 * text never repeats its children's.
 */
import { BLOCK_TAGS, HEADING_TAGS } from './block-tags.js';
import { cleanBlocks } from './markdown-cleanup.js';
import { codeBlock } from './markdown-code.js';
import { inlineMarkdown } from './markdown-inline.js';
import { cellsOf, isDataTable, rowsOf, tableMarkdown } from './markdown-table.js';
import { type AnyNode, type Element, isElement, isText, type ParentNode } from './tree.js';

const LIST_TAGS = new Set(['ul', 'ol', 'menu', 'dir']);

/** Markdown of `root`'s content; links and images resolve against `base`. */
export function toMarkdown(root: ParentNode, base: string): string {
  return cleanBlocks(blocksOf(root, base)).join('\n\n');
}

/** The blocks of a container: runs of inline nodes as paragraphs, block children by kind. */
function blocksOf(parent: ParentNode, base: string): string[] {
  const blocks: string[] = [];
  let run: AnyNode[] = [];
  const flush = () => {
    if (run.length === 0) return;
    const text = inlineMarkdown(run, base);
    if (text !== '') blocks.push(...text.split('\n\n'));
    run = [];
  };
  for (const child of parent.children) {
    if (isElement(child) && BLOCK_TAGS.has(child.name)) {
      flush();
      for (const block of blockOf(child, base)) if (block !== '') blocks.push(block);
    } else if (isElement(child) || isText(child)) run.push(child);
  }
  flush();
  return blocks;
}

function blockOf(element: Element, base: string): string[] {
  const name = element.name;
  if (HEADING_TAGS.has(name)) {
    const text = inlineMarkdown(element.children, base).replace(/\s*\n\s*/g, ' ');
    return text === '' ? [] : [`${'#'.repeat(Number(name[1]))} ${text}`];
  }
  if (LIST_TAGS.has(name)) return [listMarkdown(element, base)];
  if (name === 'pre') return [codeBlock(element)];
  if (name === 'hr') return ['---'];
  if (name === 'blockquote') return [quote(blocksOf(element, base))];
  if (name === 'table') {
    if (isDataTable(element)) return [tableMarkdown(element, base)];
    return rowsOf(element).flatMap((row) => cellsOf(row).flatMap((cell) => blocksOf(cell, base)));
  }
  return blocksOf(element, base);
}

const quote = (blocks: string[]): string =>
  blocks
    .join('\n\n')
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');

/** An item's blocks: a nested list follows its text directly, other blocks after a blank line. */
function itemContent(item: ParentNode, base: string): string {
  let content = '';
  for (const block of blocksOf(item, base)) {
    if (content === '') content = block;
    else content += /^(?:[-*+]|\d+\.) /.test(block) ? `\n${block}` : `\n\n${block}`;
  }
  return content;
}

function listMarkdown(list: Element, base: string): string {
  const ordered = list.name === 'ol';
  let number = Number.parseInt(list.attribs.start ?? '1', 10);
  if (!Number.isFinite(number)) number = 1;
  const items: string[] = [];
  for (const child of list.children) {
    if (isElement(child) && LIST_TAGS.has(child.name)) {
      // A list nested straight in a list (invalid, common): it belongs to the item before it.
      const nested = listMarkdown(child, base).replace(/^/gm, '  ');
      if (items.length > 0) items[items.length - 1] += `\n${nested}`;
      else items.push(nested);
      continue;
    }
    const content = isElement(child)
      ? itemContent(child, base)
      : isText(child)
        ? inlineMarkdown([child], base)
        : '';
    if (content === '') continue;
    const marker = ordered ? `${number++}.` : '-';
    const indent = ' '.repeat(marker.length + 1);
    items.push(`${marker} ${content.replace(/\n(?=.)/g, `\n${indent}`)}`);
  }
  return items.join('\n');
}
