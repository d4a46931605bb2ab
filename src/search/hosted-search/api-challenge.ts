import { tryUrl } from '../../url.js';
import type { ProviderFailure } from '../provider.js';
import type { HttpReply } from '../provider-http.js';

/**
 * Pages a front end puts before an API for addresses it distrusts:
 * Cloudflare's challenge (in front of api.openai.com and api.anthropic.com)
 * and Google's "unusual traffic" page.
 */
const CHALLENGE_PAGE = /challenge-platform|cf-chl|just a moment|unusual traffic|captcha/i;

/** Google sends a client it distrusts to `/sorry/index`, its captcha page. */
const GOOGLE_SORRY = /^\/sorry\//;

/**
 * Whether the answer is a bot check rather than the API: an API answers in
 * JSON, so an HTML challenge page or a redirect to Google's captcha is the
 * front end refusing this server, not the service failing. (`apiRequest`
 * already knows Cloudflare's `cf-mitigated: challenge` header and a 403
 * page; these are the checks it does not make.)
 */
export function apiChallenge(reply: HttpReply): ProviderFailure | undefined {
  const challenged = (front: string): ProviderFailure => ({
    outcome: 'challenged',
    reason: `challenged by a bot check in front of the API (${front})`,
  });
  const location = reply.headers.get('location');
  if (reply.status >= 300 && reply.status < 400 && location) {
    const path = tryUrl(location, 'http://relative.invalid')?.pathname ?? '';
    if (GOOGLE_SORRY.test(path)) return challenged('Google');
  }
  const html = (reply.headers.get('content-type') ?? '').includes('html');
  if (html && CHALLENGE_PAGE.test(reply.body)) {
    return challenged(/unusual traffic/i.test(reply.body) ? 'Google' : 'Cloudflare');
  }
  return undefined;
}
