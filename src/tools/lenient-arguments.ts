import { z } from 'zod';

/**
 * Arguments as models send them: a JSON object, or JSON text of one (some
 * servers pass the text through, some already parsed it). Anything else is
 * no arguments at all.
 */
export function argumentObject(raw: unknown): Record<string, unknown> | undefined {
  let value = raw;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return {};
    try {
      value = JSON.parse(text);
    } catch {
      return undefined;
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
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
