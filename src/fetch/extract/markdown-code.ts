/**
 * `<pre>` blocks as fenced code, keeping their whitespace, with the language
 * when the markup names one (`language-x`, `lang-x`, `highlight-x`,
 * `highlight-source-x`, `brush: x`).
 */
import { type AnyNode, type Element, isElement, isText, type ParentNode } from './tree.js';

/** Class names that carry a language, as highlighters write them. */
const LANGUAGE_CLASS =
  /(?:^|\s)(?:(?:language|lang|highlight-source|highlight)-|brush:\s*|sourceCode\s+)([A-Za-z0-9_+#.-]+)/;

/** Languages some highlighters name that say nothing (`highlight-default`, `language-none`). */
const NO_LANGUAGE = new Set([
  'none',
  'plain',
  'plaintext',
  'text',
  'txt',
  'default',
  'nohighlight',
]);

/** Gutters of line numbers that highlighters print beside the code. */
const LINE_NUMBERS =
  /(?:^|\s)(?:gutter|line-?numbers?|linenos?|lineno|ln-num|hljs-ln-numbers)(?:\s|$)/i;

/** How many wrapping elements above a `<pre>` may name its language (Sphinx, GitHub). */
const WRAPPER_DEPTH = 3;

const languageIn = (element: Element): string | undefined => {
  const match = LANGUAGE_CLASS.exec(element.attribs.class ?? '');
  const language = match?.[1]?.toLowerCase();
  if (language) return NO_LANGUAGE.has(language) ? '' : language;
  const data = element.attribs['data-lang'] ?? element.attribs['data-language'];
  return data ? data.toLowerCase() : undefined;
};

/** The language named on the `<pre>`, its `<code>`, or a wrapper just above; `''` when none. */
function codeLanguage(pre: Element): string {
  const code = pre.children.find(
    (child): child is Element => isElement(child) && child.name === 'code',
  );
  const own = (code && languageIn(code)) ?? languageIn(pre);
  if (own !== undefined) return own;
  let wrapper = pre.parent;
  for (let depth = 0; depth < WRAPPER_DEPTH && wrapper && isElement(wrapper); depth++) {
    const language = languageIn(wrapper);
    if (language !== undefined) return language;
    wrapper = wrapper.parent;
  }
  return '';
}

/** The text of a code block as written: `<br>` as a line break, line-number gutters left out. */
function codeText(node: ParentNode): string {
  let text = '';
  for (const child of node.children as AnyNode[]) {
    if (isText(child)) text += child.data;
    else if (isElement(child)) {
      if (child.name === 'br') text += '\n';
      else if (!LINE_NUMBERS.test(child.attribs.class ?? '')) {
        const inner = codeText(child);
        // Highlighters that put each line in its own block element.
        text += child.name === 'div' && !inner.endsWith('\n') ? `${inner}\n` : inner;
      }
    }
  }
  return text;
}

/** A fenced code block for `pre`; `''` when it holds no code. */
export function codeBlock(pre: Element): string {
  const code = codeText(pre)
    .replace(/^\n+|\s+$/g, '')
    .replace(/\r\n?/g, '\n');
  if (code.trim() === '') return '';
  const longest = Math.max(0, ...(code.match(/^`{3,}/gm) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${codeLanguage(pre)}\n${code}\n${fence}`;
}
