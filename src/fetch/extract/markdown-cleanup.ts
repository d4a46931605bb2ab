/**
 * Last pass over the Markdown blocks of the main content: drops lines that
 * only date the page (the metadata already carries the date), a footer's
 * fine print (copyright, "Powered by"), paragraphs that are nothing but
 * links (skip links, breadcrumbs, share rows), headings left without a
 * section once furniture was removed, and blocks that repeat the one before.
 */

/** Dates as pages print them: 2019-01-11, 11.01.2019, 11 Jan 2019, Jan 11, 2019, 2019年1月11日, 20:37. */
const DATE_PARTS = [
  /\b\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\b/gu,
  /\b\d{1,2}[-/.]\s?\d{1,2}[-/.]\s?\d{2,4}\b/gu,
  /\b\d{1,2}\.?\s+\p{L}{3,}\.?,?\s+\d{4}\b/gu,
  /\b\p{L}{3,}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}\b/gu,
  /\d{4}\s*年\s*\d{1,2}\s*月(?:\s*\d{1,2}\s*日)?/gu,
  /\b\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?\b/giu,
];

/** A dating line is at most this long... */
const DATE_LINE_LIMIT = 100;
/** ...and holds at most this much besides its dates ("Posted by admin on", "asked ... at"). */
const DATE_LINE_REST = 40;

/** Markdown block kinds that are never dating lines or fine print. */
const STRUCTURED = /^(?:#{1,6} |[-*+] |\d+\. |> |\||```|~~~|!\[)/;

/** Fine print of a site's footer: copyright notices, "Powered by", page generation times. */
const FINE_PRINT =
  /©|\(c\)\s*\d{4}|^copyright\b|\ball rights reserved\b|^(?:proudly )?powered by\b|^generated in [\d.]+ ?s/i;
/** Fine print is a short line; a longer paragraph that mentions copyright is content. */
const FINE_PRINT_LIMIT = 160;

/** A paragraph of links and nothing else: "Jump to navigation", "Home › Blog", "Share: X Y Z". */
const LINKS_ONLY = /^\s*(?:\[(?:\\.|[^\]\\])*\]\([^)]*\)\s*(?:[|·•,/›»>-]\s*)?)+$/;

/** The block is a short line that mostly gives a date or time. */
function isDateLine(block: string): boolean {
  if (block.length > DATE_LINE_LIMIT || STRUCTURED.test(block) || block.includes('\n')) {
    return false;
  }
  let rest = block;
  for (const pattern of DATE_PARTS) rest = rest.replace(pattern, ' ');
  if (rest === block) return false;
  return rest.replace(/[\s\p{P}\p{S}]+/gu, ' ').trim().length <= DATE_LINE_REST;
}

const isFinePrint = (block: string): boolean =>
  block.length <= FINE_PRINT_LIMIT && !STRUCTURED.test(block) && FINE_PRINT.test(block);

/** The level of a Markdown heading block; 0 when the block is not a heading. */
const headingLevel = (block: string): number => /^(#{1,6}) /.exec(block)?.[1]?.length ?? 0;

/** Blocks without dating lines, fine print, bare links, sectionless headings and repeats. */
export function cleanBlocks(blocks: string[]): string[] {
  const kept = blocks.filter(
    (block, index) =>
      block !== '' &&
      block !== blocks[index - 1] &&
      !isDateLine(block) &&
      !isFinePrint(block) &&
      !LINKS_ONLY.test(block),
  );
  return withoutEmptySections(kept);
}

/**
 * The blocks without headings whose section is empty: followed by nothing,
 * or straight by a heading of their level or higher. A page of headings
 * alone keeps them.
 */
function withoutEmptySections(blocks: string[]): string[] {
  // Backwards, so a heading knows whether anything but a higher or equal heading follows it.
  const result: string[] = [];
  let nextLevel = 1;
  for (let index = blocks.length - 1; index >= 0; index--) {
    const block = blocks[index] as string;
    const level = headingLevel(block);
    if (level > 0) {
      const empty = result.length === 0 || (nextLevel > 0 && nextLevel <= level);
      if (empty) continue;
    }
    result.push(block);
    nextLevel = level;
  }
  return result.length === 0 ? blocks : result.reverse();
}
