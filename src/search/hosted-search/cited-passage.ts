/**
 * Where a citation sits in the text, as a UTF-16 range (what JavaScript
 * slices). The Responses API does not say whether its offsets count code
 * points or UTF-16 units; they differ only after characters outside the
 * BMP (emoji), so the reading whose span holds the cited address wins,
 * code points first.
 */
export function citedRange(
  text: string,
  start: number,
  end: number,
  url: string,
): [number, number] | undefined {
  const byCodePoint = codePointRange(text, start, end);
  const byUnit: [number, number] | undefined =
    start >= 0 && start <= end && end <= text.length ? [start, end] : undefined;
  const holdsUrl = (range: [number, number] | undefined) =>
    range !== undefined && text.slice(range[0], range[1]).includes(url);
  if (holdsUrl(byCodePoint)) return byCodePoint;
  if (holdsUrl(byUnit)) return byUnit;
  return byCodePoint ?? byUnit;
}

function codePointRange(text: string, start: number, end: number): [number, number] | undefined {
  if (start < 0 || start > end) return undefined;
  let unit = 0;
  let point = 0;
  let from: number | undefined;
  for (const character of text) {
    if (point === start) from = unit;
    if (point === end) return from === undefined ? undefined : [from, unit];
    unit += character.length;
    point++;
  }
  if (point === start) from = unit;
  return point === end && from !== undefined ? [from, unit] : undefined;
}

/** Markdown a passage may start with (list markers, headings, quotes) and emphasis marks. */
const LEADING_MARKS = /^(?:\s*(?:[-*+>]|#{1,6}|\d+[.)])\s+)+/;
const EMPHASIS = /(\*\*|__)/g;

/**
 * The passage a citation stands for: the text on its line before it, back
 * to the previous citation. Models put the cited link right after the claim
 * ("… published in August 2026 ([tokio.rs](…)).").
 */
export function passageBefore(text: string, citationStart: number, floor: number): string {
  const before = text.slice(Math.max(0, floor), citationStart);
  const line = before.slice(before.lastIndexOf('\n') + 1);
  return line
    .replace(LEADING_MARKS, '')
    .replace(EMPHASIS, '')
    .replace(/^[\s.,;:)\]]+/, '')
    .trim();
}
