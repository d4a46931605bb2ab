import { tryUrl } from '../url.js';

/**
 * Query parameters that only track the click (analytics, ad and mail
 * campaign ids); removing them never changes the page.
 */
const TRACKING_PARAMS = new Set([
  'gclid',
  'gclsrc',
  'dclid',
  'gbraid',
  'wbraid',
  'fbclid',
  'msclkid',
  'yclid',
  'twclid',
  'ttclid',
  'li_fat_id',
  'igshid',
  'mc_cid',
  'mc_eid',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  'ref_src',
  'ref_url',
  'oly_anon_id',
  'oly_enc_id',
  'vero_id',
  'srsltid',
  '_ga',
  '_gl',
]);

const TRACKING_PREFIXES = ['utm_', 'pk_', 'mtm_', 'hsa_'];

const isTracking = (name: string): boolean => {
  const lower = name.toLowerCase();
  return TRACKING_PARAMS.has(lower) || TRACKING_PREFIXES.some((prefix) => lower.startsWith(prefix));
};

/** The address with tracking parameters removed, or undefined when it is not http(s). */
export function cleanUrl(address: string): string | undefined {
  const url = tryUrl(address);
  if (!url) return undefined;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  for (const name of [...url.searchParams.keys()]) {
    if (isTracking(name)) url.searchParams.delete(name);
  }
  if (url.search === '?') url.search = '';
  return url.href;
}

/** What two addresses of one page share: no fragment, no `www.`, no trailing slash, either scheme. */
export function urlKey(address: string): string {
  const url = new URL(address);
  const host = url.hostname.replace(/^www\./, '');
  const path = url.pathname.replace(/\/+$/, '');
  return `${host}${url.port ? `:${url.port}` : ''}${path}${url.search}`;
}
