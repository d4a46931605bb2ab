/**
 * What a desktop browser sends: the keyless engines serve their plain result
 * pages to browsers and bot checks to clients that look like scripts.
 */
export const BROWSER_HEADERS: Readonly<Record<string, string>> = {
  'User-Agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'Sec-Fetch-Dest': 'document',
  'Sec-Fetch-Mode': 'navigate',
  'Sec-Fetch-Site': 'same-origin',
  'Sec-Fetch-User': '?1',
  'Upgrade-Insecure-Requests': '1',
};

/** `Accept-Language` for a language setting: `en-US` → `en-US,en;q=0.9`. */
export function acceptLanguage(language: string): string {
  if (language === 'auto') return 'en-US,en;q=0.9';
  const base = language.split('-')[0] as string;
  return base === language ? `${language};q=1.0` : `${language},${base};q=0.9`;
}

/** The `site:` operator every keyless engine understands, added to the query. */
export const withSite = (text: string, site: string | undefined): string =>
  site ? `${text} site:${site}` : text;
