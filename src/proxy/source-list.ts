import type { Source } from '../types.js';
import { sanitize } from '../untrusted.js';

/** Titles are web text that goes back to the model with the answer: kept short. */
const MAX_TITLE_CHARS = 80;

/** The numbered list that ends an answer: `1. [Title](https://…)`, one line each. */
export function sourceList(sources: readonly Source[]): string {
  const lines = sources.map(
    (source, index) => `${index + 1}. [${title(source)}](${linkTarget(source.url)})`,
  );
  return `\n\nSources:\n${lines.join('\n')}`;
}

function title(source: Source): string {
  const text = sanitize(source.title.replace(/\s+/g, ' ')).replace(/[[\]]/g, '').trim();
  const short = text.length > MAX_TITLE_CHARS ? `${text.slice(0, MAX_TITLE_CHARS - 1)}…` : text;
  return short || source.url;
}

/** Brackets and spaces would end a Markdown link early. */
const linkTarget = (url: string): string =>
  url.replace(
    /[()\s<>]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
