import { styleText } from 'node:util';

/** Where a command writes; tests hand in their own. */
export interface Io {
  env: NodeJS.ProcessEnv;
  out: (text: string) => void;
  err: (text: string) => void;
  /** Whether `err` is a terminal a transient status line can be drawn on. */
  statusLine: boolean;
  color: boolean;
}

export function processIo(): Io {
  const color = process.stdout.isTTY === true && !process.env.NO_COLOR;
  return {
    env: process.env,
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    statusLine: process.stderr.isTTY === true,
    color,
  };
}

type Style = Parameters<typeof styleText>[0];

/** Text styled only when writing to a color terminal. */
export const paint = (io: Io, style: Style, text: string): string =>
  io.color ? styleText(style, text) : text;

/** A status line on the terminal while `work` runs (`searching: rust…`), cleared after. */
export async function withStatus<T>(io: Io, text: string, work: () => Promise<T>): Promise<T> {
  if (!io.statusLine) return work();
  io.err(`${text}…`);
  try {
    return await work();
  } finally {
    io.err('\r\u001b[2K');
  }
}
