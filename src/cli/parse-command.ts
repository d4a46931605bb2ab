import { type ParseArgsConfig, parseArgs } from 'node:util';
import { UsageError } from './exit-codes.js';

type Options = NonNullable<ParseArgsConfig['options']>;
type Parsed<T extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; options: T; allowPositionals: true; strict: true }>
>;

/** A command's options and positionals; an unknown or malformed option is a usage error. */
export function parseCommand<const T extends Options>(args: string[], options: T): Parsed<T> {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** A whole-number option within its range; anything else is a usage error naming the option. */
export function wholeNumberOption(
  name: string,
  text: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max} (got "${text}")`);
  }
  return value;
}
