/**
 * The cases of shared/extraction-dev, read at run time (they are not copied
 * into the repository): each page decoded with its meta.charset, with its
 * truth, full text as tokens or keep/drop snippets.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { snippetLines, tokenize } from './score.js';

/** The project root, from bench/extract/dist/. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** The data set, beside the project in the shared folder. */
export const DATA = resolve(ROOT, '../shared/extraction-dev');
/** Readability's test harness rewrote links to this host; its pages carry no URL. */
const FALLBACK_URL = 'http://fakehost/test/page.html';

export interface Case {
  id: string;
  /** meta.url, the address the page is read as. */
  url: string;
  html: string;
  /** Tokens of expected.txt, for full-text cases. */
  expected?: string[];
  /** Snippets of must-keep.txt and must-drop.txt, for keep/drop cases. */
  keep?: string[];
  drop?: string[];
}

const readIfThere = (path: string): string | undefined =>
  existsSync(path) ? readFileSync(path, 'utf8') : undefined;

export function loadCases(): Case[] {
  return readdirSync(join(DATA, 'cases'))
    .sort()
    .map((id) => {
      const folder = join(DATA, 'cases', id);
      const meta = JSON.parse(readFileSync(join(folder, 'meta.json'), 'utf8'));
      const html = new TextDecoder(meta.charset).decode(readFileSync(join(folder, 'source.html')));
      const expected = readIfThere(join(folder, 'expected.txt'));
      const keep = readIfThere(join(folder, 'must-keep.txt'));
      const drop = readIfThere(join(folder, 'must-drop.txt'));
      return {
        id,
        url: meta.url ?? FALLBACK_URL,
        html,
        ...(expected === undefined ? {} : { expected: tokenize(expected) }),
        ...(keep === undefined ? {} : { keep: snippetLines(keep) }),
        ...(drop === undefined ? {} : { drop: snippetLines(drop) }),
      };
    });
}
