/**
 * Fenced code blocks and inline code spans, kept as they are: `[T any](v T)`
 * or a link written as an example inside code is code, not a link.
 */
const CODE = /(```[\s\S]*?(?:```|$)|`[^`\n]*`)/;

/** `[label](http…)`, the address allowed one level of balanced parentheses (Wikipedia's `Rust_(programming_language)`). */
const INLINE_LINK = /\[([^\]\n]+)\]\(\s*https?:\/\/(?:[^\s()]|\([^\s()]*\))+(?:\s+"[^"]*")?\s*\)/g;

/**
 * Inline links of a model's own writing cut to their labels: some point at
 * pages it never grounded on, and the sources list says where it looked.
 * Only `http(s)` links are cut, and nothing inside code.
 */
export function unlink(text: string): string {
  return text
    .split(CODE)
    .map((piece, index) => (index % 2 === 1 ? piece : piece.replace(INLINE_LINK, '$1')))
    .join('');
}
