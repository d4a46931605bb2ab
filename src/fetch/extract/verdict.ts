/**
 * Pages that are not content: bot checks (served with any status, 200
 * included), shells whose content only scripts would build, and empty pages.
 * Signatures are only trusted on pages with little text, so an article that
 * quotes "Just a moment..." stays an article.
 */

export interface Verdict {
  kind: 'challenge' | 'script_only' | 'empty';
  /** Plain words for a person or a model. */
  reason: string;
}

/** Bot checks carry a few hundred characters of text; an article has far more. */
const CHALLENGE_TEXT_LIMIT = 2_000;
/** Below this much visible text a page with a mount point or a JavaScript notice is a shell. */
const SHELL_TEXT_LIMIT = 300;

interface Signature {
  /** What the check is, for the reason. */
  name: string;
  /** Matched against the page's `<title>`. */
  title?: RegExp;
  /** Matched against the raw HTML. */
  html?: RegExp;
}

/** Known bot checks, by their titles and markup (as served by each vendor). */
const CHALLENGES: Signature[] = [
  { name: 'a Cloudflare bot check', title: /^just a moment(?:\.\.\.|…)?$/i },
  { name: 'a Cloudflare block page', title: /^attention required!? \| cloudflare$/i },
  { name: 'a Cloudflare bot check', html: /\bcf[-_]chl[-_]|cf-browser-verification/i },
  { name: 'a Cloudflare block page', html: /id="cf-error-details"|cf-error-overview/i },
  { name: 'a DDoS-Guard check', title: /ddos-guard/i, html: /ddos-guard\.net\/|__ddg\d?_/i },
  {
    name: 'an Anubis bot check',
    title: /^making sure you(?:'|’)re not a bot!?$/i,
    html: /id="anubis_|anubis_challenge|within\.website\/x\/cmd\/anubis/i,
  },
  { name: 'a DataDome captcha', html: /captcha-delivery\.com|datadome/i },
  { name: 'a PerimeterX (HUMAN) captcha', html: /px-captcha|_pxCaptcha|perimeterx/i },
  { name: 'an Imperva (Incapsula) check', html: /_Incapsula_Resource|Incapsula incident ID/i },
  { name: 'a Sucuri firewall page', html: /Sucuri WebSite Firewall|sucuri\.net\/privacy-policy/i },
  { name: 'an AWS WAF check', html: /awswaf\.com|AwsWafIntegration|aws-waf-token/i },
  { name: 'a Vercel security checkpoint', title: /^vercel security checkpoint$/i },
  {
    name: 'an Akamai block page',
    title: /^access denied$/i,
    html: /Reference\s*#\s*\d+\.[0-9a-f]+|errors\.edgesuite\.net/i,
  },
  {
    name: 'a captcha',
    html: /\b(?:verify (?:that )?you are (?:a )?human|are you a robot|prove you(?:'|’)re not a robot|complete the security check|checking (?:if the site connection is secure|your browser))\b/i,
  },
];

/** Elements that single-page apps mount into, left empty in the served HTML. */
const MOUNT_POINT =
  /<(div|main|section)\b[^>]*\bid=["']?(root|app|__next|__nuxt|___gatsby|svelte|react-root|app-root|application|main-app|q-app)["']?[^>]*>\s*<\/\1>|<(app-root|ng-app)\b[^>]*>\s*<\/\3>/i;
/** A `<noscript>` asking for JavaScript. */
const NEEDS_JAVASCRIPT =
  /<noscript\b[^>]*>[\s\S]{0,400}?(?:(?:enable|activate|turn on|allow)\s+javascript|javascript\s+(?:is\s+)?(?:required|disabled|needed)|requires?\s+javascript|need\s+(?:to\s+)?(?:enable\s+)?javascript)/i;

/** The bot check this page is, if it is one. */
export function challengeVerdict(
  html: string,
  title: string | undefined,
  textChars: number,
): Verdict | undefined {
  if (textChars > CHALLENGE_TEXT_LIMIT) return undefined;
  const pageTitle = (title ?? '').replace(/\s+/g, ' ').trim();
  for (const signature of CHALLENGES) {
    const byTitle = signature.title?.test(pageTitle) ?? false;
    const byHtml = signature.html?.test(html) ?? false;
    if (!byTitle && !byHtml) continue;
    const shown = pageTitle ? ` ("${pageTitle}")` : '';
    return { kind: 'challenge', reason: `${signature.name}${shown}` };
  }
  return undefined;
}

/** Whether the page is a shell that scripts would fill, judged from its visible text. */
export function shellVerdict(html: string, textChars: number): Verdict | undefined {
  if (textChars >= SHELL_TEXT_LIMIT) return undefined;
  const mount = MOUNT_POINT.exec(html);
  if (mount) {
    const tag = mount[1] ? `<${mount[1]} id="${mount[2]}">` : `<${mount[3]}>`;
    return {
      kind: 'script_only',
      reason: `scripts build this page's content (an empty ${tag} and little text); it needs a browser`,
    };
  }
  if (NEEDS_JAVASCRIPT.test(html)) {
    return {
      kind: 'script_only',
      reason: 'the page asks for JavaScript and shows little text without it; it needs a browser',
    };
  }
  return undefined;
}

/** Why a page gave no content at all: only scripts, or nothing. */
export function emptyVerdict(html: string): Verdict {
  return /<script\b/i.test(html)
    ? { kind: 'script_only', reason: 'the page has no text, only scripts; it needs a browser' }
    : { kind: 'empty', reason: 'the page has no text' };
}
