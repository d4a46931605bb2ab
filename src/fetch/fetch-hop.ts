import { STATUS_CODES } from 'node:http';
import { Agent, type Dispatcher, request } from 'undici';
import { fail, type Outcome, succeed } from '../failure.js';
import { codingsToUndo, readDecoded } from './decode-body.js';
import type { Target } from './guard.js';
import { networkFailure } from './network-failure.js';
import { pinnedLookup } from './pinned-lookup.js';
import type { Fetched } from './transport.js';

/** The statuses the Fetch standard follows; other 3xx come back as they are. */
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Readable formats first; anything else still comes back so its type can be named. */
const ACCEPT =
  'text/markdown, text/html;q=0.9, application/xhtml+xml;q=0.9, text/plain;q=0.8, application/pdf;q=0.7, */*;q=0.5';
/** The codings decode-body undoes, and no others. */
const ACCEPT_ENCODING = 'gzip, deflate, br';

/** What every hop of one fetch shares. */
export interface HopContext {
  userAgent: string;
  maxBytes: number;
  signal: AbortSignal;
}

/** One hop ends in a redirect to follow, or in the fetch's outcome. */
export type Step = { redirect: URL } | Outcome<Fetched>;

/**
 * One request to a checked target, on an agent of its own whose only way to
 * a socket is the target's checked addresses, and its answer read: a
 * redirect to follow, a failure, or the page with its decoded body.
 */
export async function fetchHop(target: Target, asked: string, context: HopContext): Promise<Step> {
  const agent = new Agent({ connect: { lookup: pinnedLookup(target.addresses) } });
  try {
    const response = await request(target.url, {
      dispatcher: agent,
      method: 'GET',
      headers: {
        'user-agent': context.userAgent,
        accept: ACCEPT,
        'accept-encoding': ACCEPT_ENCODING,
      },
      signal: context.signal,
    });
    // Reading reports the body's errors; this keeps the abort of a dropped body from going unhandled.
    response.body.on('error', () => {});
    try {
      return await readResponse(response, target, asked, context);
    } finally {
      // An unread body (a redirect, an error page, the rest past the cap) is dropped.
      response.body.destroy();
    }
  } catch (error) {
    if (context.signal.aborted) throw error;
    return networkFailure(error, target.host);
  } finally {
    await agent.destroy();
  }
}

/** What one answer means; the body is read only for a page that will be returned. */
async function readResponse(
  response: Dispatcher.ResponseData,
  target: Target,
  asked: string,
  context: HopContext,
): Promise<Step> {
  const status = response.statusCode;
  const headers = toHeaders(response.headers);
  const location = headers.get('location');
  if (REDIRECT_STATUSES.has(status) && location !== null) {
    if (!URL.canParse(location, target.url.href)) {
      return fail('bad_url', `${target.host} redirected to an address that is not a URL`);
    }
    return { redirect: new URL(location, target.url) };
  }
  if (status >= 400) {
    const reason = STATUS_CODES[status];
    const message = `the server answered ${status}${reason ? ` ${reason}` : ''}`;
    return fail('http_status', message, { status });
  }
  const declared = Number(headers.get('content-length') ?? Number.NaN);
  if (declared > context.maxBytes) {
    return fail(
      'too_large',
      `the page is ${size(declared)}, more than the ${size(context.maxBytes)} lookout reads`,
    );
  }
  const read = await readDecoded(
    response.body,
    codingsToUndo(headers.get('content-encoding')),
    context.maxBytes,
  );
  if (!read.ok) return read;
  return succeed({
    url: asked,
    finalUrl: target.url.href,
    status,
    headers,
    contentType: mediaType(headers.get('content-type')),
    ...read.value,
  });
}

/** undici's header record as the standard Headers every caller knows. */
function toHeaders(raw: Dispatcher.ResponseData['headers']): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    for (const one of Array.isArray(value) ? value : [value ?? '']) {
      try {
        headers.append(name, one);
      } catch {
        // A value Headers refuses (a stray control character) is one header lookout does without.
      }
    }
  }
  return headers;
}

/** `text/html; charset=UTF-8` → `text/html`; `''` when absent. */
const mediaType = (header: string | null): string =>
  (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/** A size in the largest unit that keeps it above 1: "3.5 MiB", "700 KiB". */
function size(bytes: number): string {
  const [amount, unit] =
    bytes >= 1024 * 1024 ? [bytes / 1024 / 1024, 'MiB'] : [bytes / 1024, 'KiB'];
  return `${Number(amount.toFixed(1))} ${unit}`;
}
