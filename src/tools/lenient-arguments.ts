import { z } from 'zod';
import { jsonObject, parseJson } from '../json-value.js';

/**
 * Arguments as models send them: a JSON object, or JSON text of one (some
 * servers pass the text through, some already parsed it). Anything else is
 * no arguments at all.
 */
export function argumentObject(raw: unknown): Record<string, unknown> | undefined {
  if (typeof raw !== 'string') return jsonObject(raw);
  return raw.trim() === '' ? {} : jsonObject(parseJson(raw));
}

/** A whole number sent as a number or as text ("5"); anything else fails. */
export const wholeNumber = (min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z.number().int().min(min).max(max),
  );

/** Text sent as text, or a number a model meant as text. */
export const text = () =>
  z.preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string());
