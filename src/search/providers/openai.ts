import type { ApiError } from '../hosted-search/api-failure.js';
import { callHostedApi, missingKey } from '../hosted-search/call-hosted-api.js';
import { readOpenAiResponse } from '../hosted-search/openai-answer.js';
import { searchPrompt } from '../hosted-search/search-prompt.js';
import type { Provider } from '../provider.js';

const KEY_ENV = ['OPENAI_API_KEY'] as const;

/** A model searches, reads and writes: far slower than an engine's result page. */
const TIMEOUT_MS = 60_000;

/** OpenAI's error envelope: `{"error": {"message", "type", "code"}}`, also in a failed 200 response. */
function readError(json: unknown): ApiError | undefined {
  const error = (json as { error?: unknown } | null)?.error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, type } = error as Record<string, unknown>;
  const name = typeof code === 'string' ? code : typeof type === 'string' ? type : undefined;
  return name ? { code: name } : {};
}

/**
 * OpenAI's Responses API with the hosted `web_search` tool, which the model
 * must call (`tool_choice: required`); `site` becomes the tool's domain
 * filter. The answer is not stored on OpenAI's side (`store: false`).
 */
export const openai = {
  name: 'openai',
  label: 'OpenAI web search',
  endpoint: 'https://api.openai.com/v1/responses',
  needs: ['key'],
  keyEnv: KEY_ENV,
  timeoutMs: TIMEOUT_MS,

  async search(query, context) {
    if (!context.key) return missingKey(KEY_ENV);
    const tool = {
      type: 'web_search',
      ...(query.site ? { filters: { allowed_domains: [query.site] } } : {}),
    };
    const answer = await callHostedApi(context, {
      url: context.endpoint,
      headers: { authorization: `Bearer ${context.key}` },
      body: {
        model: context.settings.openai_search_model,
        input: searchPrompt(query),
        tools: [tool],
        tool_choice: 'required',
        include: ['web_search_call.action.sources'],
        store: false,
      },
      readError,
      expected: 'the JSON of an OpenAI response',
    });
    return 'outcome' in answer ? answer : readOpenAiResponse(answer.json);
  },
} satisfies Provider;
