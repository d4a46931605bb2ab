/**
 * Finds the page's main content: furniture and comment sections removed, then
 * the `<main>` or sole substantial `<article>` when the page marks one, else
 * the element whose text blocks add up to the most (prose for, links
 * against), then link-heavy blocks pruned inside it.
 */
import { BLOCK_TAGS, HEADING_TAGS } from './block-tags.js';
import { cutCommentSections } from './comment-sections.js';
import { removeFurniture } from './furniture.js';
import { isDataTable } from './markdown-table.js';
import { type Measure, type Measures, measure, measureOf } from './measure.js';
import { type Element, findAll, isElement, type ParentNode } from './tree.js';

/** An `<article>` or `<main>` with less visible text than this is a card or a stub. */
const SUBSTANTIAL_CHARS = 200;
/** A marked container is trusted while it scores at least this share of the best element. */
const MARKED_SHARE = 0.4;
/** The content grows to a parent that still scores this share of the best element... */
const CLIMB_SHARE = 0.85;
/** ...or this share, while the content holds less than PROSE_SHARE of the page's prose. */
const CLIMB_FOR_PROSE_SHARE = 0.5;
const PROSE_SHARE = 0.6;
/** A block with more than this share of its text in links is navigation. */
const LINK_BLOCK_DENSITY = 0.5;
/** ...unless it holds at least this much text outside its links. */
const LINK_BLOCK_TEXT = 300;
/** Parts of lists are judged with their whole list. */
const LIST_PARTS = new Set(['li', 'dt', 'dd']);
/** Parts of a data table are judged with the table; a layout table's cells are page regions. */
const TABLE_PARTS = new Set(['tr', 'td', 'th', 'tbody', 'thead', 'tfoot']);

/** The main content of a page that went through removeNoise, pruned in place. */
export function mainContent(page: ParentNode): ParentNode {
  removeFurniture(page, measure(page));
  cutCommentSections(page);
  const measures = measure(page);
  const best = climb(bestScored(measures), measures, page);
  const marked = markedContainer(page, measures);
  const bestScore = measureOf(measures, best).score;
  const root =
    marked && measureOf(measures, marked).score >= MARKED_SHARE * bestScore ? marked : best;
  pruneLinkBlocks(root, measures);
  return root;
}

/** The element (or the page) with the highest score; the outermost one on a tie. */
function bestScored(measures: Measures): ParentNode {
  let best: ParentNode | undefined;
  let bestScore = Number.NEGATIVE_INFINITY;
  // Map order is the order visit() finished elements: children before parents.
  for (const [node, { score }] of measures) {
    if (score >= bestScore) {
      best = node;
      bestScore = score;
    }
  }
  return best as ParentNode;
}

/**
 * The best element's outermost ancestor that scores nearly as well: content
 * split into sibling sections (tab panes, an intro beside the body) belongs
 * together, and what comes along with it is pruned later.
 */
function climb(best: ParentNode, measures: Measures, page: ParentNode): ParentNode {
  const bestScore = measureOf(measures, best).score;
  const pageProse = measureOf(measures, page).prose;
  let root = best;
  for (let parent = best.parent; parent && measures.has(parent); parent = parent.parent) {
    const { score } = measureOf(measures, parent);
    const short = measureOf(measures, root).prose < PROSE_SHARE * pageProse;
    if (score >= (short ? CLIMB_FOR_PROSE_SHARE : CLIMB_SHARE) * bestScore) root = parent;
  }
  return root;
}

const isSubstantial = (measures: Measures, element: Element): boolean =>
  measureOf(measures, element).chars >= SUBSTANTIAL_CHARS;

/** The page's one `<main>`, or its one substantial `<article>`, when it has exactly one. */
function markedContainer(page: ParentNode, measures: Measures): Element | undefined {
  const articles = findAll(page, (element) => element.name === 'article').filter(
    (article) => isSubstantial(measures, article) && !insideArticle(article),
  );
  if (articles.length === 1) return articles[0];
  const mains = findAll(
    page,
    (element) => element.name === 'main' || element.attribs.role === 'main',
  ).filter((main) => isSubstantial(measures, main));
  return mains.length === 1 ? mains[0] : undefined;
}

function insideArticle(element: Element): boolean {
  for (let parent = element.parent; parent; parent = parent.parent) {
    if (isElement(parent) && parent.name === 'article') return true;
  }
  return false;
}

const isLinkBlock = (measure: Measure): boolean =>
  measure.chars > 0 &&
  measure.linkChars > LINK_BLOCK_DENSITY * measure.chars &&
  measure.chars - measure.linkChars < LINK_BLOCK_TEXT;

/** Removes, in place, blocks under `root` that are mostly links (menus, tag lists, "read more"). */
function pruneLinkBlocks(root: ParentNode, measures: Measures, inDataTable = false): void {
  root.children = root.children.filter((child) => {
    if (!isElement(child)) return true;
    const dataTable = child.name === 'table' ? isDataTable(child) : inDataTable;
    const judged =
      BLOCK_TAGS.has(child.name) &&
      !HEADING_TAGS.has(child.name) &&
      !LIST_PARTS.has(child.name) &&
      !(TABLE_PARTS.has(child.name) && inDataTable);
    // A data table of links (downloads, a support matrix) is content; a layout table is not.
    if (judged && !dataTable && isLinkBlock(measureOf(measures, child))) return false;
    pruneLinkBlocks(child, measures, dataTable);
    return true;
  });
}
