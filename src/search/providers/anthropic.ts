import { readAnthropicMessage } from '../hosted-search/anthropic-answer.js';
import type { ApiError } from '../hosted-search/api-failure.js';
import { callHostedApi, missingKey } from '../hosted-search/call-hosted-api.js';
import { searchPrompt } from '../hosted-search/search-prompt.js';
import type { Provider } from '../provider.js';

const KEY_ENV = ['ANTHROPIC_API_KEY'] as const;

/** The Messages API version every request names (the one the web search tool is documented for). */
const API_VERSION = '2023-06-01';

/** Searches one request may make: enough to refine a query, few enough to stay quick and cheap. */
const MAX_SEARCHES = 5;

/** Room for a brief cited answer; the search results themselves are not output tokens. */
const MAX_TOKENS = 2_048;

/** A model searches, reads and writes: far slower than an engine's result page. */
const TIMEOUT_MS = 60_000;

/** Anthropic's error envelope: `{"type": "error", "error": {"type", "message"}}`. */
function readError(json: unknown): ApiError | undefined {
  const body = json as { type?: unknown; error?: unknown } | null;
  if (body?.type !== 'error' || typeof body.error !== 'object' || body.error === null) {
    return undefined;
  }
  const { type } = body.error as Record<string, unknown>;
  return typeof type === 'string' ? { code: type } : {};
}

/**
 * Anthropic's Messages API with the `web_search_20250305` server tool
 * (`max_uses` 5); `site` becomes the tool's `allowed_domains`.
 */
export const anthropic = {
  name: 'anthropic',
  label: 'Anthropic web search',
  endpoint: 'https://api.anthropic.com/v1/messages',
  needs: ['key'],
  keyEnv: KEY_ENV,
  timeoutMs: TIMEOUT_MS,

  async search(query, context) {
    if (!context.key) return missingKey(KEY_ENV);
    const tool = {
      type: 'web_search_20250305',
      name: 'web_search',
      max_uses: MAX_SEARCHES,
      ...(query.site ? { allowed_domains: [query.site] } : {}),
    };
    const answer = await callHostedApi(context, {
      url: context.endpoint,
      headers: { 'x-api-key': context.key, 'anthropic-version': API_VERSION },
      body: {
        model: context.settings.anthropic_search_model,
        max_tokens: MAX_TOKENS,
        messages: [{ role: 'user', content: searchPrompt(query) }],
        tools: [tool],
      },
      readError,
      expected: 'the JSON of an Anthropic message',
    });
    return 'outcome' in answer ? answer : readAnthropicMessage(answer.json, context.now());
  },
} satisfies Provider;
