/** Longest title taken from a message; a list of chats shows one line each. */
export const MAX_TITLE_CHARS = 80;
const ELLIPSIS = '…';

/** A chat's title from text: its first non-blank line, at most 80 characters, cut at a word. */
export function chatTitle(text: string): string {
  const line = (text.split('\n').find((candidate) => candidate.trim() !== '') ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  if (line.length <= MAX_TITLE_CHARS) return line;
  const room = line.slice(0, MAX_TITLE_CHARS - ELLIPSIS.length + 1);
  const lastSpace = room.lastIndexOf(' ');
  // A single word longer than the room is cut inside it rather than dropped.
  const cut = lastSpace > 0 ? room.slice(0, lastSpace) : room.slice(0, -1);
  return `${cut.trimEnd()}${ELLIPSIS}`;
}
