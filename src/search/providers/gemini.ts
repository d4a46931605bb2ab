import type { Source } from '../../types.js';
import { tryUrl } from '../../url.js';
import type { ApiError } from '../hosted-search/api-failure.js';
import { callHostedApi, missingKey } from '../hosted-search/call-hosted-api.js';
import { readGeminiResponse } from '../hosted-search/gemini-answer.js';
import { resolveRedirects } from '../hosted-search/resolve-redirects.js';
import { searchPrompt } from '../hosted-search/search-prompt.js';
import type { Provider, ProviderContext } from '../provider.js';

const KEY_ENV = ['GEMINI_API_KEY'] as const;

/** A model searches, reads and writes, then its redirects are resolved (5 s at most). */
const TIMEOUT_MS = 60_000;

/** Where grounding chunks point: Google's redirector, one opaque path per page. */
const REDIRECTOR_HOST = 'vertexaisearch.cloud.google.com';
const REDIRECT_PATH = /^\/grounding-api-redirect\//;

/** The Google API error envelope: `{"error": {"code", "message", "status", "details"}}`. */
function readError(json: unknown): ApiError | undefined {
  const error = (json as { error?: unknown } | null)?.error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, details } = error as Record<string, unknown>;
  const detailList = Array.isArray(details) ? (details as Record<string, unknown>[]) : [];
  const delay = detailList.find((detail) => typeof detail?.retryDelay === 'string')?.retryDelay;
  const retryMs = durationMs(delay as string | undefined);
  const keyRefused = detailList.some((detail) => detail?.reason === 'API_KEY_INVALID');
  return {
    ...(typeof status === 'string' ? { code: status } : {}),
    ...(retryMs !== undefined ? { retryMs } : {}),
    ...(keyRefused ? { keyRefused } : {}),
  };
}

/** A protobuf Duration as JSON ("37s", "0.5s") in milliseconds. */
function durationMs(value: string | undefined): number | undefined {
  const seconds = value ? /^(\d+(?:\.\d+)?)s$/.exec(value.trim())?.[1] : undefined;
  return seconds === undefined ? undefined : Number(seconds) * 1000;
}

/** `<base>/models/<model>:generateContent`; a model may be named with or without `models/`. */
function generateUrl(endpoint: string, model: string): string {
  const name = model.replace(/^models\//, '');
  return `${endpoint.replace(/\/+$/, '')}/models/${encodeURIComponent(name)}:generateContent`;
}

/**
 * A grounding redirect worth resolving: on Google's redirector, or on the
 * endpoint's own host (a proxy speaking for Google, a test's fake). No other
 * host is sent a request.
 */
function isGroundingRedirect(address: string, endpoint: string): boolean {
  const url = tryUrl(address);
  if (!url || !REDIRECT_PATH.test(url.pathname)) return false;
  if (url.hostname === REDIRECTOR_HOST) return url.protocol === 'https:';
  return url.hostname === tryUrl(endpoint)?.hostname;
}

/** The sources with each grounding redirect replaced by the page it leads to, where one HEAD finds it. */
async function resolvedSources(sources: Source[], context: ProviderContext): Promise<Source[]> {
  const redirects = sources
    .map((source) => source.url)
    .filter((url) => isGroundingRedirect(url, context.endpoint));
  if (redirects.length === 0) return sources;
  const targets = await resolveRedirects(redirects, {
    fetch: context.fetch,
    signal: context.signal,
  });
  return sources.map((source) => ({ ...source, url: targets.get(source.url) ?? source.url }));
}

/**
 * Gemini's `generateContent` with `google_search` grounding. The tool has no
 * domain filter, so `site` goes into the query as `site:`. Grounding chunks
 * are Google redirect addresses, resolved with one HEAD each (no key), all
 * at once, 5 s at most; a redirect that does not resolve is kept.
 */
export const gemini = {
  name: 'gemini',
  label: 'Gemini with Google Search',
  endpoint: 'https://generativelanguage.googleapis.com/v1beta',
  needs: ['key'],
  keyEnv: KEY_ENV,
  timeoutMs: TIMEOUT_MS,

  async search(query, context) {
    if (!context.key) return missingKey(KEY_ENV);
    const answer = await callHostedApi(context, {
      url: generateUrl(context.endpoint, context.settings.gemini_search_model),
      headers: { 'x-goog-api-key': context.key },
      body: {
        contents: [{ role: 'user', parts: [{ text: searchPrompt(query, { siteInQuery: true }) }] }],
        tools: [{ google_search: {} }],
      },
      readError,
      expected: 'the JSON of a Gemini response',
    });
    if ('outcome' in answer) return answer;
    const read = readGeminiResponse(answer.json);
    if (read.outcome !== 'ok') return read;
    return { ...read, sources: await resolvedSources(read.sources, context) };
  },
} satisfies Provider;
