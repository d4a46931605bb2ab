/** A link of a result page as an address, resolved against the page; undefined when unreadable. */
export function resolveLink(href: string, page: string): URL | undefined {
  try {
    return new URL(href, page);
  } catch {
    return undefined;
  }
}

/** Whether `host` is `domain` or one of its subdomains: an engine's own pages are never results. */
export const onDomain = (host: string, domain: string): boolean =>
  host === domain || host.endsWith(`.${domain}`);
