import { z } from 'zod';
import type { Source } from '../../types.js';
import type { ProviderAnswer } from '../provider.js';
import { citedRange, passageBefore } from './cited-passage.js';
import { NEVER_SEARCHED } from './never-searched.js';

/** A refusal is quoted in a reason: one line, this long at most. */
const REFUSAL_CHARS = 160;

/** OpenAI tags every cited address; the tag says nothing about the page (RFC-less, but in every capture). */
const OPENAI_TAG = /([?&])utm_source=openai(&|(?=[^\w.%-]|$))/g;

export const withoutOpenAiTag = (text: string): string =>
  text.replace(OPENAI_TAG, (_, separator: string, next: string) => (next ? separator : ''));

/** The parts of a Responses API answer lookout reads; each item is checked on its own. */
const responseShape = z.object({
  status: z.string().nullish(),
  output: z.array(z.unknown()),
  incomplete_details: z.object({ reason: z.string().nullish() }).nullish().catch(null),
});

const searchCall = z.object({
  type: z.literal('web_search_call'),
  status: z.string().nullish(),
  // `search` carries what it found in `sources`; `open_page` and `find_in_page` carry the page.
  action: z
    .object({
      url: z.string().nullish().catch(null),
      sources: z
        .array(z.object({ url: z.string() }))
        .nullish()
        .catch(null),
    })
    .nullish()
    .catch(null),
});

const message = z.object({ type: z.literal('message'), content: z.array(z.unknown()) });
const outputText = z.object({
  type: z.literal('output_text'),
  text: z.string(),
  annotations: z.array(z.unknown()).nullish().catch(null),
});
const refusal = z.object({ type: z.literal('refusal'), refusal: z.string() });
const urlCitation = z.object({
  type: z.literal('url_citation'),
  url: z.string(),
  title: z.string().nullish(),
  start_index: z.number().int().nullish(),
  end_index: z.number().int().nullish(),
});

const itemsOf = <T>(values: readonly unknown[], shape: z.ZodType<T>): T[] =>
  values.flatMap((value) => {
    const parsed = shape.safeParse(value);
    return parsed.success ? [parsed.data] : [];
  });

/**
 * A Responses API answer with the hosted `web_search` tool: the answer is the
 * message's text; the sources are its `url_citation`s (the passage each
 * follows as the snippet), then what the search calls found. Without a
 * search call the answer is refused.
 */
export function readOpenAiResponse(json: unknown): ProviderAnswer {
  const parsed = responseShape.safeParse(json);
  if (!parsed.success) {
    return { outcome: 'error', reason: 'the answer was not the JSON of an OpenAI response' };
  }
  const { output, status, incomplete_details: incomplete } = parsed.data;
  const searches = itemsOf(output, searchCall);
  if (searches.length === 0) return NEVER_SEARCHED;

  const texts: string[] = [];
  const refusals: string[] = [];
  const cited: Source[] = [];
  for (const item of itemsOf(output, message)) {
    for (const part of itemsOf(item.content, outputText)) {
      texts.push(part.text);
      cited.push(...citationsOf(part.text, part.annotations ?? []));
    }
    refusals.push(...itemsOf(item.content, refusal).map((part) => part.refusal));
  }
  const found = searches.flatMap((call) => [
    ...(call.action?.sources ?? []).map((source) => source.url),
    ...(call.action?.url ? [call.action.url] : []),
  ]);
  const sources = [...cited, ...found.map((url) => ({ title: '', url, snippet: '' }))].map(
    (source) => ({ ...source, url: withoutOpenAiTag(source.url) }),
  );

  if (sources.length === 0) {
    const [refused] = refusals;
    if (refused) {
      const words = refused.replace(/\s+/g, ' ').trim().slice(0, REFUSAL_CHARS);
      return { outcome: 'error', reason: `refused to answer: ${words}` };
    }
    if (searches.every((call) => call.status === 'failed')) {
      return { outcome: 'error', reason: 'its web search failed' };
    }
    return { outcome: 'no_results', reason: 'searched but found nothing it could cite' };
  }
  const cut =
    status === 'incomplete'
      ? `the answer was cut short (${incomplete?.reason ?? 'incomplete'})`
      : undefined;
  return {
    outcome: 'ok',
    sources,
    markup: 'text',
    answer: withoutOpenAiTag(texts.join('\n\n')).trim(),
    ...(cut ? { note: cut } : {}),
  };
}

/** One text part's citations, in order, each with the passage before it as its snippet. */
function citationsOf(text: string, annotations: readonly unknown[]): Source[] {
  let floor = 0;
  return itemsOf(annotations, urlCitation).map((citation) => {
    const range =
      citation.start_index != null && citation.end_index != null
        ? citedRange(text, citation.start_index, citation.end_index, citation.url)
        : undefined;
    const snippet = range ? passageBefore(text, range[0], floor) : '';
    if (range) floor = range[1];
    return { title: citation.title ?? '', url: citation.url, snippet };
  });
}
