/**
 * An address as a URL, resolved against `base` when given; undefined when it
 * is not one (Node 20 has no `URL.parse`).
 */
export function tryUrl(text: string, base?: string): URL | undefined {
  try {
    return new URL(text, base);
  } catch {
    return undefined;
  }
}

/** Whether `host` is `domain` or one of its subdomains. */
export const onDomain = (host: string, domain: string): boolean =>
  host === domain || host.endsWith(`.${domain}`);
