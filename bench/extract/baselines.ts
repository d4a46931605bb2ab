/**
 * The reference extractors of extraction-dev's README ("Baselines to beat"),
 * run on a linkedom document: the page's text, Readability's text, and
 * Readability's HTML through Turndown.
 */
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';

/** Removed before the page text is taken (README: page text baseline). */
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);

/** Elements that start a new line in the page text. */
const BLOCKS = new Set(
  (
    'ADDRESS ARTICLE ASIDE BLOCKQUOTE BR CAPTION CENTER DD DETAILS DIALOG DIV DL DT FIELDSET ' +
    'FIGCAPTION FIGURE FOOTER FORM H1 H2 H3 H4 H5 H6 HEADER HGROUP HR LI MAIN MENU NAV OL ' +
    'P PRE SECTION SUMMARY TABLE TBODY TD TFOOT TH THEAD TR UL'
  ).split(' '),
);

const START_HTML = /<html[\s>]/i;
const START_BODY = /<body[\s>]/i;

const wrap = (html: string) => `<!DOCTYPE html><html><body>${html}</body></html>`;

/**
 * linkedom makes a fragment's first element the root and leaves `body` empty,
 * so a page without an `<html>` or `<body>` start tag is wrapped (README).
 */
export function wrapFragment(html: string): string {
  return START_HTML.test(html) && START_BODY.test(html) ? html : wrap(html);
}

interface DomNode {
  nodeType: number;
  nodeName: string;
  nodeValue: string | null;
  childNodes: ArrayLike<DomNode>;
}

/** Every text node under `<body>`, a line break at each block element. */
export function pageText(html: string): string {
  let { document } = parseHTML(wrapFragment(html));
  // baselines.tsv's page text also re-parsed a page whose body came out empty
  // (ce-final-262 opens a second <body>), while its Readability columns did not.
  if (!document.body?.textContent?.trim()) ({ document } = parseHTML(wrap(html)));
  const parts: string[] = [];
  const walk = (node: DomNode): void => {
    if (node.nodeType === 3) {
      parts.push(node.nodeValue ?? '');
      return;
    }
    if (node.nodeType !== 1 || SKIPPED.has(node.nodeName)) return;
    const block = BLOCKS.has(node.nodeName);
    if (block) parts.push('\n');
    for (let index = 0; index < node.childNodes.length; index++) {
      const child = node.childNodes[index];
      if (child) walk(child);
    }
    if (block) parts.push('\n');
  };
  if (document.body) walk(document.body as unknown as DomNode);
  return parts.join('');
}

type Article = ReturnType<Readability<string>['parse']>;

const readability = (html: string): Article => {
  const { document } = parseHTML(wrapFragment(html));
  return new Readability(
    document as unknown as ConstructorParameters<typeof Readability>[0],
  ).parse();
};

/** Readability's `textContent`, without the title; `''` when it gives up. */
export function readabilityText(html: string): string {
  return readability(html)?.textContent ?? '';
}

const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' });

/** Readability's `content` with `# title` on top, converted by Turndown. */
export function readabilityTurndown(html: string): string {
  const article = readability(html);
  if (!article?.content) return '';
  return `# ${article.title ?? ''}\n\n${turndown.turndown(article.content)}`;
}
