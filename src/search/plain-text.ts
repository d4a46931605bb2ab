import { decodeHTML } from 'entities';
import { Parser } from 'htmlparser2';

/** Elements whose text is never part of a title or snippet. */
const SKIPPED = new Set(['script', 'style', 'template', 'noscript']);

/**
 * Text of a title or snippet that may hold tags (`<b>`, `<strong>`,
 * `<span class="highlight">`) or entities: tags dropped, entities decoded,
 * whitespace collapsed.
 */
export function plainText(html: string): string {
  if (!/[<&]/.test(html)) return collapse(html);
  let text = '';
  let skipping = 0;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (SKIPPED.has(name)) skipping++;
      },
      onclosetag(name) {
        if (SKIPPED.has(name) && skipping > 0) skipping--;
      },
      ontext(data) {
        if (skipping === 0) text += data;
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return collapse(text);
}

/** Text that is already text: only entities a provider left in are decoded. */
export const decodedText = (text: string): string =>
  collapse(text.includes('&') ? decodeHTML(text) : text);

const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Cut at a word boundary near `max` characters, marking the cut with an ellipsis. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = text.slice(0, max - 1);
  const space = room.lastIndexOf(' ');
  const cut = space > max * 0.6 ? room.slice(0, space) : room;
  return `${cut.replace(/[\s,;:.-]+$/, '')}…`;
}
