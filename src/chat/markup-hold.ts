/** Where leaked tool-call markup starts; what follows is held back until the round ends. */
const MARKUP_OPENERS = ['<tool_call', '<function'];

/**
 * Streamed text with leaked tool-call markup held back: text is passed on as
 * it comes until a `<tool_call` or `<function` tag begins (or might be
 * beginning at the end of a piece); from there on it is kept until the round
 * ends, when the caller recovers the calls and passes on what is left.
 */
export class MarkupHold {
  #held = '';
  #holding = false;

  /** Adds a piece; returns the part that can be shown now. */
  push(piece: string): string {
    if (this.#holding) {
      this.#held += piece;
      return '';
    }
    const text = this.#held + piece;
    this.#held = '';
    const start = markupStart(text);
    if (start !== undefined) {
      this.#holding = true;
      this.#held = text.slice(start);
      return text.slice(0, start);
    }
    // A piece may end in the first characters of a tag: keep them until the next piece.
    const partial = partialOpener(text);
    this.#held = text.slice(text.length - partial);
    return text.slice(0, text.length - partial);
  }

  /** Everything held back, and a fresh start for the next round. */
  release(): string {
    const held = this.#held;
    this.#held = '';
    this.#holding = false;
    return held;
  }
}

function markupStart(text: string): number | undefined {
  const found = MARKUP_OPENERS.map((opener) => text.indexOf(opener)).filter((index) => index >= 0);
  return found.length > 0 ? Math.min(...found) : undefined;
}

/** How many characters at the end of `text` could be the start of an opener. */
function partialOpener(text: string): number {
  for (let length = Math.min(text.length, 10); length > 0; length--) {
    const tail = text.slice(-length);
    if (MARKUP_OPENERS.some((opener) => opener.startsWith(tail))) return length;
  }
  return 0;
}
