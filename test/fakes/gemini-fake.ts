import type { ServerResponse } from 'node:http';
import { type ApiFake, jsonBodyOf, startApiFake } from './api-fake.js';
import { corpus } from './corpus.js';
import { type Canned, queryOfPrompt } from './hosted-fake.js';
import { type FakeServer, type RecordedRequest, startFake } from './http-fake.js';

/** The key the fake takes; any other gets Google's 400 `API_KEY_INVALID`. */
export const GEMINI_TEST_KEY = 'AIzaSyTest-lookout-0123456789abcdefghij';

/** The path of a grounding redirect, on Google's redirector and on the fake's. */
export const REDIRECT_PATH = '/grounding-api-redirect/';

export const googleError = (
  status: number,
  state: string,
  message: string,
  details?: unknown[],
): Canned => ({
  status,
  json: { error: { code: status, message, status: state, ...(details ? { details } : {}) } },
});

const BAD_KEY = googleError(
  400,
  'INVALID_ARGUMENT',
  'API key not valid. Please pass a valid API key.',
  [
    {
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: 'API_KEY_INVALID',
      domain: 'googleapis.com',
      metadata: { service: 'generativelanguage.googleapis.com' },
    },
  ],
);

function response(query: string, text: string, grounding: Record<string, unknown>) {
  return {
    candidates: [
      {
        content: { role: 'model', parts: [{ text }] },
        finishReason: 'STOP',
        index: 0,
        groundingMetadata: {
          webSearchQueries: [query],
          searchEntryPoint: { renderedContent: '<div class="container">Google Search</div>' },
          ...grounding,
          retrievalMetadata: {},
        },
      },
    ],
    usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 24, totalTokenCount: 151 },
    modelVersion: 'gemini-2.5-flash',
    responseId: 'mIavaP3mK8u2vdIPxZ7wqQo',
  };
}

/**
 * The corpus snippets as the answer, each grounded on its page: segments in
 * UTF-8 byte offsets (`startIndex` left out when 0, as proto3 JSON does),
 * chunks on the redirector.
 */
function results(query: string, redirector: string) {
  const pages = corpus(query);
  const text = pages.map((page) => page.snippet).join(' ');
  let offset = 0;
  const groundingSupports = pages.map((page, index) => {
    const startIndex = offset;
    const endIndex = startIndex + Buffer.byteLength(page.snippet);
    offset = endIndex + 1;
    return {
      segment: { ...(startIndex ? { startIndex } : {}), endIndex, text: page.snippet },
      groundingChunkIndices: [index],
    };
  });
  const groundingChunks = pages.map((page, index) => ({
    web: { uri: `${redirector}${REDIRECT_PATH}${index}`, title: page.title },
  }));
  return response(query, text, { groundingChunks, groundingSupports });
}

/**
 * Google's redirector, played by a second server on 127.0.0.1: HEAD
 * `/grounding-api-redirect/<n>` answers 302 to the corpus page `n`; a path
 * holding `hang` never answers.
 */
function redirect(request: RecordedRequest, response: ServerResponse): void {
  if (request.path.includes('hang')) return;
  const page = corpus('')[Number(request.path.slice(REDIRECT_PATH.length))];
  if (request.method !== 'HEAD' || !request.path.startsWith(REDIRECT_PATH) || !page) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(302, { location: page.url, 'content-type': 'text/html; charset=UTF-8' }).end();
}

/** The prompt of a `generateContent` request: the first part of its first content. */
function promptOf(body: Record<string, unknown> | undefined): string {
  const contents = body?.contents as { parts?: { text?: unknown }[] }[] | undefined;
  const text = contents?.[0]?.parts?.[0]?.text;
  return typeof text === 'string' ? text : '';
}

export interface GeminiFake extends ApiFake {
  /** The redirector the grounding chunks point at, with the HEAD requests it received. */
  redirector: FakeServer;
}

/**
 * Gemini's `generateContent` (`POST /v1beta/models/<model>:generateContent`)
 * with `google_search` grounding, as gemini-grounding.md describes it: the
 * key in `x-goog-api-key`, grounding chunks on a redirector, supports in
 * UTF-8 byte offsets, and Google's error envelope.
 */
export async function startGeminiFake(key = GEMINI_TEST_KEY): Promise<GeminiFake> {
  const redirector = await startFake(redirect);
  const api = await startApiFake(
    {
      scenarioIn: 'json',
      isEndpoint: (request) =>
        request.method === 'POST' && /^\/v1beta\/models\/[^/]+:generateContent$/.test(request.path),
      queryOf: (request) => promptOf(jsonBodyOf(request)),
      refusal: (request, expected) =>
        request.headers['x-goog-api-key'] === expected ? undefined : BAD_KEY,
      badKey: BAD_KEY,
      results: (prompt) => results(queryOfPrompt(prompt), redirector.url),
      empty: (prompt) =>
        response(
          queryOfPrompt(prompt),
          `I could not find anything about ${queryOfPrompt(prompt)}.`,
          {},
        ),
      tooMany: googleError(
        429,
        'RESOURCE_EXHAUSTED',
        'You exceeded your current quota, please check your plan and billing details.',
        [
          {
            '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
            violations: [
              {
                quotaMetric:
                  'generativelanguage.googleapis.com/generate_content_free_tier_requests',
                quotaId: 'GenerateRequestsPerMinutePerProjectPerModel-FreeTier',
              },
            ],
          },
          { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '37s' },
        ],
      ),
      serverError: googleError(500, 'INTERNAL', 'An internal error has occurred. Please retry.'),
      notFound: googleError(404, 'NOT_FOUND', 'The requested URL was not found on this server.'),
    },
    key,
  );
  const closeApi = api.close;
  return Object.assign(api, {
    redirector,
    close: async () => {
      await Promise.all([closeApi(), redirector.close()]);
    },
  });
}
