import type { ReactNode } from 'react';

/** The only schemes a link may open; everything else is shown as text. */
const OPENABLE = new Set(['http:', 'https:', 'mailto:']);

/** The address when it may be opened from the page, else undefined. */
export function openableUrl(address: string | undefined): string | undefined {
  if (!address) return undefined;
  try {
    const url = new URL(address);
    return OPENABLE.has(url.protocol) ? url.href : undefined;
  } catch {
    // Relative addresses, fragments and the like: nothing outside may be meant.
    return undefined;
  }
}

/**
 * A link that a model or a page wrote: it opens in a new tab without telling
 * the page where it came from, and an address of any other scheme (a
 * `javascript:` URL, a fragment imitating a control of this page) is inert text.
 */
export function SafeLink({
  href,
  children,
  title,
}: {
  href: string | undefined;
  children: ReactNode;
  title?: string;
}) {
  const url = openableUrl(href);
  if (!url) return <span className="inert-link">{children}</span>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" title={title ?? url}>
      {children}
    </a>
  );
}
