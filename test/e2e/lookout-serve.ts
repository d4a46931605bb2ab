import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

const BIN = join(import.meta.dirname, '../../dist/cli/bin.js');

export interface ServeProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** What it wrote to stderr so far. */
  log(): string;
  stop(): Promise<void>;
}

/** `lookout serve` from the built bin, as a person starts it; resolves once it listens. */
export async function startServe(env: Record<string, string>): Promise<ServeProcess> {
  const child = spawn(process.execPath, [BIN, 'serve'], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`lookout serve did not start: ${stderr}`)),
      20_000,
    );
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const listening = /listening on (http:\/\/\S+?)[\s,]/.exec(stderr);
      if (listening?.[1]) {
        clearTimeout(timer);
        resolve(listening[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`lookout serve exited with ${code}: ${stderr}`));
    });
  });
  return {
    url,
    port: Number(new URL(url).port),
    child,
    log: () => stderr,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
