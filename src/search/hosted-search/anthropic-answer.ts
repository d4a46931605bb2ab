import { z } from 'zod';
import { publishedDate } from '../../published-date.js';
import type { Source } from '../../types.js';
import type { ProviderAnswer, ProviderFailure } from '../provider.js';
import { NEVER_SEARCHED } from './never-searched.js';

/** The parts of a Messages answer lookout reads; each content block is checked on its own. */
const messageShape = z.object({
  content: z.array(z.unknown()),
  stop_reason: z.string().nullish().catch(null),
  usage: z
    .object({
      server_tool_use: z
        .object({ web_search_requests: z.number().nullish() })
        .nullish()
        .catch(null),
    })
    .nullish()
    .catch(null),
});

const searchUse = z.object({ type: z.literal('server_tool_use'), name: z.literal('web_search') });
const searchResult = z.object({
  type: z.literal('web_search_result'),
  url: z.string(),
  title: z.string().nullish(),
  page_age: z.string().nullish(),
});
const toolResult = z.object({
  type: z.literal('web_search_tool_result'),
  content: z.union([
    z.array(z.unknown()),
    z.object({ type: z.literal('web_search_tool_result_error'), error_code: z.string() }),
  ]),
});
const text = z.object({
  type: z.literal('text'),
  text: z.string(),
  citations: z.array(z.unknown()).nullish().catch(null),
});
const citation = z.object({
  type: z.literal('web_search_result_location'),
  url: z.string(),
  title: z.string().nullish(),
  cited_text: z.string().nullish(),
});

/** The search tool's errors, which arrive inside a 200 answer, in plain words. */
const TOOL_ERRORS: Record<string, ProviderFailure> = {
  too_many_requests: { outcome: 'blocked', reason: 'its web search is rate limiting this key' },
  unavailable: { outcome: 'error', reason: 'its web search is unavailable just now' },
  max_uses_exceeded: { outcome: 'error', reason: 'used up its searches without a result' },
  query_too_long: { outcome: 'error', reason: 'the query was too long for its web search' },
  request_too_large: { outcome: 'error', reason: 'the request was too large for its web search' },
  invalid_tool_input: { outcome: 'error', reason: 'its web search refused the query' },
};

const parse = <T>(shape: z.ZodType<T>, value: unknown): T | undefined => {
  const parsed = shape.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

/**
 * A Messages answer with the `web_search_20250305` server tool: the answer is
 * the text after the last search result (what comes before is the model
 * saying it will search); the sources are its citations (the cited text as
 * the snippet), then the search result pages. Without a search the answer
 * is refused.
 */
export function readAnthropicMessage(json: unknown, now: number): ProviderAnswer {
  const message = parse(messageShape, json);
  if (!message) {
    return { outcome: 'error', reason: 'the answer was not the JSON of an Anthropic message' };
  }
  const blocks = message.content;
  const searched =
    blocks.some((block) => parse(searchUse, block)) ||
    (message.usage?.server_tool_use?.web_search_requests ?? 0) > 0;
  if (!searched) return NEVER_SEARCHED;

  const results: Source[] = [];
  const errors: string[] = [];
  let answerFrom = 0;
  blocks.forEach((block, index) => {
    const result = parse(toolResult, block);
    if (!result) return;
    answerFrom = index + 1;
    if (!Array.isArray(result.content)) errors.push(result.content.error_code);
    else results.push(...result.content.flatMap((page) => resultSource(page, now)));
  });
  const texts = blocks.slice(answerFrom).flatMap((block) => parse(text, block) ?? []);
  const published = new Map(results.map((result) => [result.url, result.published]));
  const cited = blocks
    .flatMap((block) => parse(text, block)?.citations ?? [])
    .flatMap((value) => parse(citation, value) ?? [])
    .map((found): Source => {
      const date = published.get(found.url);
      return {
        title: found.title ?? '',
        url: found.url,
        snippet: found.cited_text ?? '',
        ...(date ? { published: date } : {}),
      };
    });
  const sources = [...cited, ...results];

  if (sources.length === 0) {
    const [code] = errors;
    if (code) {
      const known = TOOL_ERRORS[code];
      return known
        ? { outcome: known.outcome, reason: `${known.reason} (${code})` }
        : { outcome: 'error', reason: `its web search failed (${code})` };
    }
    if (message.stop_reason === 'refusal') return { outcome: 'error', reason: 'refused to answer' };
    return { outcome: 'no_results', reason: 'searched but found nothing' };
  }
  const cut = message.stop_reason === 'max_tokens' || message.stop_reason === 'pause_turn';
  return {
    outcome: 'ok',
    sources,
    markup: 'text',
    answer: texts
      .map((block) => block.text)
      .join('')
      .trim(),
    ...(cut ? { note: `the answer was cut short (${message.stop_reason})` } : {}),
  };
}

function resultSource(value: unknown, now: number): Source[] {
  const page = parse(searchResult, value);
  if (!page) return [];
  const published = publishedDate(page.page_age, now);
  return [
    { title: page.title ?? '', url: page.url, snippet: '', ...(published ? { published } : {}) },
  ];
}
