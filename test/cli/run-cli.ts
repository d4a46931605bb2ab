import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Io } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** A fresh data directory, so cool-downs of one test never reach another. */
export const freshDataDir = (): string => mkdtempSync(join(tmpdir(), 'lookout-cli-'));

/** Runs `lookout` in this process, with its own environment and captured output. */
export async function runCli(args: string[], env: Record<string, string>): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io: Io = {
    env: { LOOKOUT_DATA_DIR: freshDataDir(), ...env },
    out: (text) => {
      stdout += text;
    },
    err: (text) => {
      stderr += text;
    },
    statusLine: false,
    color: false,
  };
  const code = await main(args, io);
  return { code, stdout, stderr };
}

const BIN = join(import.meta.dirname, '../../dist/cli/bin.js');

/** Runs the built `lookout` bin on plain node, as a user's shell would, with `input` on its stdin. */
export function runBin(
  args: string[],
  env: Record<string, string> = {},
  input = '',
): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [BIN, ...args],
      { env: { PATH: process.env.PATH ?? '', LOOKOUT_DATA_DIR: freshDataDir(), ...env } },
      (error, stdout, stderr) => {
        const code = error ? ((error as { code?: number }).code ?? 1) : 0;
        resolve({ code: typeof code === 'number' ? code : 1, stdout, stderr });
      },
    );
    child.stdin?.end(input);
  });
}
