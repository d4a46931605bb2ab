import { fail, type Outcome, succeed } from '../failure.js';
import type { Settings } from '../settings/schema.js';
import type { Page, PageFormat } from '../types.js';
import { VERSION } from '../version.js';
import { policyFromSettings, type Resolver } from './address-policy.js';
import { decodeText } from './charset.js';
import { extractHtml } from './extract/html.js';
import { extractPdf } from './extract/pdf.js';
import { markdownToText, prettyJson } from './extract/text.js';
import { contentKind } from './media-type.js';
import { systemResolver } from './system-resolver.js';
import { type Fetched, fetchPublic, MAX_BODY_BYTES } from './transport.js';

/** `max_chars` bounds (seed 002): 20000 by default, never more than 100000. */
export const DEFAULT_MAX_CHARS = 20_000;
export const MIN_MAX_CHARS = 100;
export const MAX_MAX_CHARS = 100_000;

export const USER_AGENT = `lookout/${VERSION} (a web reader for LLM chats)`;

export interface FetchRequest {
  url: string;
  maxChars?: number;
  /** Offset in the page's text where this part starts, for the next part of a long page. */
  start?: number;
  format?: PageFormat;
}

export interface WebFetchOptions {
  settings: Readonly<Settings>;
  resolve?: Resolver;
  /** This machine's addresses; read from its interfaces when not given. */
  ownAddresses?: readonly string[];
  /** Raise the download cap for this call, within the transport's hard cap. */
  maxBytes?: number;
  signal?: AbortSignal;
}

/** What came back, as the whole text and its metadata, before it is cut to a part. */
interface Read {
  text: string;
  format: PageFormat;
  meta: Pick<Page, 'title' | 'siteName' | 'byline' | 'published' | 'description' | 'image'>;
}

/**
 * Reads one public page or file for a model: the guard and the pinned
 * transport first, then the text of whatever came back, cut to `max_chars`
 * from `start`.
 */
export async function webFetch(
  request: FetchRequest,
  options: WebFetchOptions,
): Promise<Outcome<Page>> {
  const fetched = await fetchPublic(request.url, {
    policy: policyFromSettings(options.settings, options.ownAddresses),
    resolve: options.resolve ?? systemResolver,
    userAgent: USER_AGENT,
    ...(options.maxBytes ? { maxBytes: options.maxBytes } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (!fetched.ok) return fetched;
  const read = await readBody(fetched.value, request.format ?? 'markdown');
  if (!read.ok) return read;
  return succeed(page(fetched.value, read.value, request));
}

async function readBody(fetched: Fetched, format: PageFormat): Promise<Outcome<Read>> {
  if (fetched.body.byteLength === 0) return fail('empty', 'the server sent an empty body');
  const kind = contentKind(fetched.contentType, fetched.body);
  const contentType = fetched.headers.get('content-type');
  switch (kind) {
    case 'html': {
      const extracted = extractHtml(decodeText(fetched.body, contentType), fetched.finalUrl);
      if (extracted.verdict) return verdictFailure(extracted.verdict);
      const { markdown, verdict: _, ...meta } = extracted;
      if (!markdown.trim()) return fail('empty', 'the page has no text lookout could find');
      return succeed({
        text: format === 'text' ? markdownToText(markdown) : markdown,
        format,
        meta,
      });
    }
    case 'pdf': {
      if (fetched.partial) {
        return fail(
          'too_large',
          `the PDF is larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB, and a cut PDF cannot be read`,
        );
      }
      const pdf = await extractPdf(fetched.body);
      if (!pdf.ok) return pdf;
      if (!pdf.value.text.replace(/Page \d+/g, '').trim()) {
        return fail('empty', 'the PDF has no text (it may be scanned images)');
      }
      const { title, byline } = pdf.value;
      return succeed({
        text: pdf.value.text,
        format: 'text',
        meta: { ...(title ? { title } : {}), ...(byline ? { byline } : {}) },
      });
    }
    case 'json':
      return succeed({
        text: prettyJson(decodeText(fetched.body, contentType)),
        format: 'text',
        meta: {},
      });
    case 'text':
      return succeed({ text: decodeText(fetched.body, contentType), format: 'text', meta: {} });
    case 'unsupported':
      return fail(
        'unsupported_type',
        `unsupported type ${fetched.contentType || 'without a name'}`,
      );
  }
}

function verdictFailure(verdict: {
  kind: 'challenge' | 'script_only' | 'empty';
  reason: string;
}): Outcome<never> {
  switch (verdict.kind) {
    case 'challenge':
      return fail('challenged', `the site answered with ${verdict.reason} instead of the page`);
    case 'script_only':
      return fail('needs_browser', `the page is built by scripts in a browser: ${verdict.reason}`);
    case 'empty':
      return fail('empty', verdict.reason);
  }
}

/** The part of the text a caller asked for; the cut never splits a surrogate pair. */
function page(fetched: Fetched, read: Read, request: FetchRequest): Page {
  const maxChars = clamp(request.maxChars ?? DEFAULT_MAX_CHARS, MIN_MAX_CHARS, MAX_MAX_CHARS);
  const total = read.text.length;
  const start = clamp(Math.floor(request.start ?? 0), 0, total);
  let end = Math.min(start + maxChars, total);
  if (end < total && /[\ud800-\udbff]/.test(read.text[end - 1] ?? '')) end -= 1;
  const finalUrl = new URL(fetched.finalUrl);
  return {
    url: fetched.url,
    finalUrl: fetched.finalUrl,
    host: finalUrl.host,
    status: fetched.status,
    contentType: fetched.contentType,
    ...read.meta,
    format: read.format,
    content: read.text.slice(start, end),
    totalChars: total,
    start,
    ...(end < total ? { truncated: true } : {}),
    ...(fetched.partial ? { partial: true } : {}),
  };
}

const clamp = (value: number, min: number, max: number): number =>
  Number.isFinite(value) ? Math.min(Math.max(value, min), max) : min;
