import { memo } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { SafeLink } from './safe-link.js';

const COMPONENTS: Components = {
  a: ({ href, children }) => <SafeLink href={href}>{children}</SafeLink>,
  // An image would load from an address a model chose, which can carry the chat away: show a link instead.
  img: ({ src, alt }) => (
    <SafeLink href={typeof src === 'string' ? src : undefined}>
      {`[image${alt ? `: ${alt}` : ''}]`}
    </SafeLink>
  ),
};

/**
 * A reply rendered as Markdown: no raw HTML, links through SafeLink, no
 * images loaded. Parsed again only when its text changes, not when the
 * answer streaming below it does.
 */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={COMPONENTS} skipHtml>
        {text}
      </ReactMarkdown>
    </div>
  );
});
