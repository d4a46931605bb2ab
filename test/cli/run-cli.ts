import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
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

/** Runs the built `lookout` bin on plain node, as a user's shell would. */
export async function runBin(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BIN, ...args], {
      env: { PATH: process.env.PATH ?? '', LOOKOUT_DATA_DIR: freshDataDir(), ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
