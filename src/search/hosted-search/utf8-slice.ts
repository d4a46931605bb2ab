/**
 * The part of `text` between two UTF-8 byte offsets (start inclusive, end
 * exclusive), as Gemini's grounding segments count them; undefined when the
 * offsets do not fall inside the text.
 */
export function utf8Slice(text: string, start: number, end: number): string | undefined {
  const bytes = Buffer.from(text, 'utf8');
  if (start < 0 || end > bytes.length || start >= end) return undefined;
  return bytes.subarray(start, end).toString('utf8');
}
