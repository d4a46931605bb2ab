import type { Source } from '../types.js';
import { type Io, paint } from './io.js';

/** Sources as a numbered list: title, address, then date and snippet. */
export function renderSources(io: Io, sources: readonly Source[]): string {
  return sources
    .map((source, index) => {
      const number = `${index + 1}.`.padEnd(3);
      const detail = [source.published, source.snippet].filter(Boolean).join(' · ');
      return [
        `${number} ${paint(io, 'bold', source.title)}`,
        `    ${paint(io, 'cyan', source.url)}`,
        ...(detail ? [`    ${detail}`] : []),
      ].join('\n');
    })
    .join('\n\n');
}
