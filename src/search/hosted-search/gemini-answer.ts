import { z } from 'zod';
import type { Source } from '../../types.js';
import type { ProviderAnswer } from '../provider.js';
import { NEVER_SEARCHED } from './never-searched.js';
import { unlink } from './unlink.js';
import { utf8Slice } from './utf8-slice.js';

/** The parts of a `generateContent` answer lookout reads; each piece is checked on its own. */
const responseShape = z.object({
  candidates: z.array(z.unknown()).nullish().catch(null),
  promptFeedback: z.object({ blockReason: z.string().nullish() }).nullish().catch(null),
});
const candidateShape = z.object({
  content: z
    .object({ parts: z.array(z.unknown()).nullish().catch(null) })
    .nullish()
    .catch(null),
  groundingMetadata: z
    .object({
      webSearchQueries: z.array(z.string()).nullish().catch(null),
      groundingChunks: z.array(z.unknown()).nullish().catch(null),
      groundingSupports: z.array(z.unknown()).nullish().catch(null),
    })
    .nullish()
    .catch(null),
});
const textPart = z.object({ text: z.string(), thought: z.boolean().nullish() });
const webChunk = z.object({ web: z.object({ uri: z.string(), title: z.string().nullish() }) });
/** Proto3 JSON leaves out zeros: a missing `partIndex` or `startIndex` is 0. */
const support = z.object({
  segment: z.object({
    partIndex: z.number().int().nullish(),
    startIndex: z.number().int().nullish(),
    endIndex: z.number().int().nullish(),
    text: z.string().nullish(),
  }),
  groundingChunkIndices: z.array(z.number().int()).nullish().catch(null),
});

const parse = <T>(shape: z.ZodType<T>, value: unknown): T | undefined => {
  const parsed = shape.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

/**
 * A `generateContent` answer with `google_search` grounding: the answer is
 * the text with the model's own inline links cut to their labels; the
 * sources are the grounding chunks (still Google's redirect addresses),
 * each with the answer's passages it grounds as the snippet. Without
 * grounding (no search query, no chunk) the answer is refused.
 */
export function readGeminiResponse(json: unknown): ProviderAnswer {
  const response = parse(responseShape, json);
  if (!response) {
    return { outcome: 'error', reason: 'the answer was not the JSON of a Gemini response' };
  }
  const blocked = response.promptFeedback?.blockReason;
  if (blocked) return { outcome: 'error', reason: `refused the question (${blocked})` };
  const candidate = parse(candidateShape, response.candidates?.[0]);
  if (!candidate) return { outcome: 'error', reason: 'answered without a candidate answer' };

  const grounding = candidate.groundingMetadata;
  const chunks = grounding?.groundingChunks ?? [];
  const queries = grounding?.webSearchQueries ?? [];
  if (chunks.length === 0 && queries.length === 0) return NEVER_SEARCHED;

  const parts = candidate.content?.parts ?? [];
  const passages = groundedPassages(parts, grounding?.groundingSupports ?? []);
  const sources = chunks.flatMap((value, index): Source[] => {
    const chunk = parse(webChunk, value);
    if (!chunk) return [];
    const snippet = [...new Set(passages.get(index) ?? [])].join(' ');
    return [{ title: chunk.web.title ?? '', url: chunk.web.uri, snippet }];
  });
  if (sources.length === 0) return { outcome: 'no_results', reason: 'searched but found nothing' };

  const answer = parts
    .flatMap((value) => parse(textPart, value) ?? [])
    .filter((part) => !part.thought)
    .map((part) => part.text)
    .join('');
  return { outcome: 'ok', sources, markup: 'text', answer: unlink(answer).trim() };
}

/**
 * The passages each chunk grounds, by chunk index. Offsets are UTF-8 bytes
 * into one part's text; the segment's own `text` stands in when they do
 * not fit it.
 */
function groundedPassages(parts: readonly unknown[], supports: readonly unknown[]) {
  const passages = new Map<number, string[]>();
  for (const value of supports) {
    const { segment, groundingChunkIndices } = parse(support, value) ?? {};
    if (!segment) continue;
    const partText = parse(textPart, parts[segment.partIndex ?? 0])?.text;
    const sliced =
      partText !== undefined && segment.endIndex != null
        ? utf8Slice(partText, segment.startIndex ?? 0, segment.endIndex)
        : undefined;
    const passage = (sliced ?? segment.text ?? '').trim();
    if (!passage) continue;
    for (const index of groundingChunkIndices ?? []) {
      passages.set(index, [...(passages.get(index) ?? []), passage]);
    }
  }
  return passages;
}
