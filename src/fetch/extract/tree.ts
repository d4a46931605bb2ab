/**
 * The parsed page: htmlparser2's light tree (domhandler nodes), and the few
 * ways the extractor reads it. Removal rewrites `children` arrays only, so
 * sibling pointers are never trusted after the first pass.
 */
import { type AnyNode, type Element, isTag, isText, type ParentNode } from 'domhandler';
import { parseDocument } from 'htmlparser2';

export type { AnyNode, Element, ParentNode };
export { isTag as isElement, isText };

/**
 * Elements nested deeper than this (unclosed `<font>` or `<div>` tags pile
 * up on old pages) keep only their text and void elements, so that the
 * recursive passes stay far from the stack's limit.
 */
const MAX_DEPTH = 400;

/** Text nodes and childless elements (`<br>`, `<img>`) under `node`, in document order. */
function leavesOf(node: ParentNode): AnyNode[] {
  const leaves: AnyNode[] = [];
  const stack: AnyNode[] = [...node.children].reverse();
  while (stack.length > 0) {
    const next = stack.pop() as AnyNode;
    if ('children' in next && next.children.length > 0) {
      for (let index = next.children.length - 1; index >= 0; index--) {
        stack.push(next.children[index] as AnyNode);
      }
    } else leaves.push(next);
  }
  return leaves;
}

/** Flattens, in place, what lies deeper than MAX_DEPTH. */
function flattenDeep(root: ParentNode): void {
  const stack: [ParentNode, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [ParentNode, number];
    if (depth >= MAX_DEPTH) {
      node.children = leavesOf(node) as ParentNode['children'];
      for (const child of node.children) child.parent = node;
      continue;
    }
    for (const child of node.children) if (isTag(child)) stack.push([child, depth + 1]);
  }
}

/** The page as a tree; never throws, whatever the markup. */
export function parsePage(html: string): ParentNode {
  const document = parseDocument(html, { decodeEntities: true });
  flattenDeep(document);
  return document;
}

/** An attribute's value; `undefined` when absent. */
export const attribute = (element: Element, name: string): string | undefined =>
  element.attribs[name];

/** Runs of whitespace (no-break spaces too) as one space, trimmed. */
export const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** All the text under a node, tags dropped, as the parser left it. */
export function textOf(node: AnyNode): string {
  if (isText(node)) return node.data;
  if (!('children' in node)) return '';
  let text = '';
  for (const child of node.children) text += textOf(child);
  return text;
}

/** Every element under `root` (not `root` itself) for which `test` holds, in document order. */
export function findAll(root: ParentNode, test: (element: Element) => boolean): Element[] {
  const found: Element[] = [];
  const visit = (parent: ParentNode) => {
    for (const child of parent.children) {
      if (!isTag(child)) continue;
      if (test(child)) found.push(child);
      visit(child);
    }
  };
  visit(root);
  return found;
}

/** The first element under `root` for which `test` holds, in document order. */
export function findFirst(
  root: ParentNode,
  test: (element: Element) => boolean,
): Element | undefined {
  for (const child of root.children) {
    if (!isTag(child)) continue;
    if (test(child)) return child;
    const found = findFirst(child, test);
    if (found) return found;
  }
  return undefined;
}

/** Counts characters that are not whitespace: a length measure that ignores indentation. */
export function visibleLength(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code > 32 && code !== 160 && code !== 0x3000) count++;
  }
  return count;
}
