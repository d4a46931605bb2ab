/**
 * HTML to what a model reads: the main content as Markdown, the page's
 * metadata, and a verdict instead of junk when the page is a bot check, a
 * script-built shell or empty.
 */
import { baseAddress } from './links.js';
import { mainContent } from './main-content.js';
import { toMarkdown } from './markdown.js';
import { documentTitle, type PageMetadata, readMetadata } from './metadata.js';
import { removeNoise } from './noise.js';
import { parsePage, textOf, visibleLength } from './tree.js';
import { challengeVerdict, emptyVerdict, shellVerdict, type Verdict } from './verdict.js';

export interface ExtractedHtml extends PageMetadata {
  /** The main content as Markdown; `''` when there is none. */
  markdown: string;
  /** Set when the page is not content: a bot check, a script-only shell, or empty. */
  verdict?: Verdict;
}

/** Extracts the main content and metadata of an HTML page fetched from `pageUrl`. */
export function extractHtml(html: string, pageUrl: string): ExtractedHtml {
  const page = parsePage(html);
  const base = baseAddress(page, pageUrl);
  const metadata = readMetadata(page, base);
  const title = documentTitle(page);
  removeNoise(page);
  const textChars = visibleLength(textOf(page));
  const verdict = challengeVerdict(html, title, textChars) ?? shellVerdict(html, textChars);
  if (verdict) return { markdown: '', ...metadata, verdict };
  let markdown = toMarkdown(mainContent(page), base);
  if (markdown === '' && textChars > 0) {
    // Everything looked like furniture: the whole page's text beats nothing.
    const whole = parsePage(html);
    removeNoise(whole);
    markdown = toMarkdown(whole, base);
  }
  if (markdown === '') return { markdown, ...metadata, verdict: emptyVerdict(html) };
  return { markdown, ...metadata };
}
