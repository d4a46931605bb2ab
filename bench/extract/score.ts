/**
 * The extraction-dev scoring rules (shared/extraction-dev/README.md, "Scoring"):
 * strip Markdown, tokenise, then token-bag P/R/F1 for full-text cases and
 * substring keep/drop for snippet cases.
 */

/** One Han, Hiragana or Katakana character, or a run of letters, digits and marks (README, step 2). */
const TOKEN =
  /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]|(?:(?![\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}])[\p{L}\p{N}\p{M}])+/gu;

/** Fence lines go; the code between them stays. */
const FENCE_LINE = /^[ \t]*(?:```|~~~).*$/gm;
/** `![alt](url "title")`: the alt stays. */
const IMAGE = /!\[((?:\\.|[^\]\\])*)\]\((?:[^()\s]|\([^()]*\))*(?:\s+"[^"]*")?\)/g;
/** `[text](url "title")`: the text stays. */
const INLINE_LINK = /\[((?:\\.|[^\]\\])*)\]\((?:[^()\s]|\([^()]*\))*(?:\s+"[^"]*")?\)/g;
/** `[text][ref]`: the text stays. */
const REFERENCE_LINK = /\[((?:\\.|[^\]\\])*)\]\[[^\]]*\]/g;
/** `[ref]: url` lines go. */
const REFERENCE_DEFINITION = /^[ \t]*\[[^\]]+\]:[ \t]*\S+.*$/gm;
/** `<https://…>` becomes the bare address. */
const AUTOLINK = /<((?:https?|ftp|mailto):[^>\s]*)>/g;
const HTML_TAG = /<\/?[A-Za-z][^<>]*>/g;
/** `1. ` or `2) ` opening a line: the numbers are not in the truth. */
const LIST_NUMBER = /^([ \t>]*)\d+[.)][ \t]/gm;

/** Markdown reduced to the text a reader sees, per the README's step 1. */
export function stripMarkdown(markdown: string): string {
  return markdown
    .replace(FENCE_LINE, '')
    .replace(IMAGE, '$1')
    .replace(INLINE_LINK, '$1')
    .replace(REFERENCE_LINK, '$1')
    .replace(REFERENCE_DEFINITION, '')
    .replace(AUTOLINK, '$1')
    .replace(HTML_TAG, '')
    .replace(LIST_NUMBER, '$1');
}

/** NFKC, lower case, then the README's token pattern. */
export function tokenize(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(TOKEN) ?? [];
}

export interface Prf {
  precision: number;
  recall: number;
  f1: number;
}

/** Token-bag precision, recall and F1; an empty output scores 0. */
export function scoreFullText(output: string[], expected: string[]): Prf {
  if (output.length === 0 || expected.length === 0) return { precision: 0, recall: 0, f1: 0 };
  const counts = new Map<string, number>();
  for (const token of expected) counts.set(token, (counts.get(token) ?? 0) + 1);
  let overlap = 0;
  for (const token of output) {
    const left = counts.get(token) ?? 0;
    if (left > 0) {
      overlap++;
      counts.set(token, left - 1);
    }
  }
  const precision = overlap / output.length;
  const recall = overlap / expected.length;
  const f1 = overlap === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

export interface KeepDrop {
  kept: number;
  keepTotal: number;
  dropped: number;
  dropTotal: number;
}

/** Snippets found as plain substrings of the space-joined output tokens. */
export function scoreKeepDrop(output: string[], keep: string[], drop: string[]): KeepDrop {
  const text = output.join(' ');
  const found = (snippet: string) => text.includes(tokenize(snippet).join(' '));
  return {
    kept: keep.filter(found).length,
    keepTotal: keep.length,
    dropped: drop.filter((snippet) => !found(snippet)).length,
    dropTotal: drop.length,
  };
}

/** Snippet lines of a must-keep or must-drop file; blank lines are not snippets. */
export const snippetLines = (text: string): string[] =>
  text.split('\n').filter((line) => line.trim() !== '');
