/**
 * Text measures per element, in one bottom-up pass. The page is cut into text
 * blocks (the inline text between block-level tags); each block gets a value:
 * prose counts for the elements that hold it, runs of links count against
 * them, short lines count a little. main-content.ts picks the element whose
 * blocks add up to the most.
 */
import { BLOCK_TAGS } from './block-tags.js';
import { type Element, isElement, isText, type ParentNode } from './tree.js';

export interface Measure {
  /** Visible (non-whitespace) characters under the element. */
  chars: number;
  /** Of those, characters inside links. */
  linkChars: number;
  /** Sum of the values of the text blocks under the element. */
  score: number;
  /** Characters of the prose blocks under the element. */
  prose: number;
}

export type Measures = Map<ParentNode, Measure>;

/** A block of at least this many characters of text outside links reads as prose. */
const PROSE_CHARS = 100;
/** A shorter block is prose when it ends a sentence and is at least this long. */
const SENTENCE_CHARS = 30;
/** Short lines (headings, labels, dates) count at this share of their length. */
const SHORT_WEIGHT = 0.3;

/** Characters that end or divide sentences, in Latin and CJK scripts. */
const PUNCTUATION = new Set([...'.,;:!?。，、；：！？']);

interface Run {
  chars: number;
  linkChars: number;
  punctuation: number;
}

/** What a block of text is worth: its prose for, its links against. */
function blockValue(run: Run): number {
  if (run.chars === 0) return 0;
  const text = run.chars - run.linkChars;
  if (run.linkChars > text) return -run.chars;
  const net = text - run.linkChars;
  return isProse(run) ? net : net * SHORT_WEIGHT;
}

const isProse = (run: Run): boolean => {
  const text = run.chars - run.linkChars;
  return text >= PROSE_CHARS || (text >= SENTENCE_CHARS && run.punctuation > 0);
};

/** Adds a text's visible characters to the run; returns how many there were. */
function scan(text: string, run: Run, inLink: boolean): number {
  let visible = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code <= 32 || code === 160 || code === 0x3000) continue;
    visible++;
    if (PUNCTUATION.has(text[index] as string)) run.punctuation++;
  }
  run.chars += visible;
  if (inLink) run.linkChars += visible;
  return visible;
}

/** Measures every element under `root`, and `root` itself. */
export function measure(root: ParentNode): Measures {
  const measures: Measures = new Map();
  const visit = (node: ParentNode, outer: Run, inLink: boolean, block: boolean): Measure => {
    const own: Measure = { chars: 0, linkChars: 0, score: 0, prose: 0 };
    const run: Run = block ? { chars: 0, linkChars: 0, punctuation: 0 } : outer;
    for (const child of node.children) {
      if (isText(child)) {
        const visible = scan(child.data, run, inLink);
        own.chars += visible;
        if (inLink) own.linkChars += visible;
      } else if (isElement(child)) {
        const link = inLink || (child.name === 'a' && child.attribs.href !== undefined);
        const inner = visit(child, run, link, BLOCK_TAGS.has(child.name));
        own.chars += inner.chars;
        own.linkChars += inner.linkChars;
        own.score += inner.score;
        own.prose += inner.prose;
      }
    }
    if (block) {
      own.score += blockValue(run);
      if (isProse(run)) own.prose += run.chars - run.linkChars;
    }
    measures.set(node, own);
    return own;
  };
  visit(root, { chars: 0, linkChars: 0, punctuation: 0 }, false, true);
  return measures;
}

/** Link characters per visible character; 0 for an empty element. */
export const linkDensity = (measure: Measure): number =>
  measure.chars === 0 ? 0 : measure.linkChars / measure.chars;

/** The measure of an element that was measured; empty for one that was not. */
export const measureOf = (measures: Measures, node: ParentNode | Element): Measure =>
  measures.get(node) ?? { chars: 0, linkChars: 0, score: 0, prose: 0 };
