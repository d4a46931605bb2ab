import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDataDir } from '../cli/run-cli.js';
import { closedPort } from '../fakes/http-fake.js';
import { type ModelServer, startModelServer } from '../fakes/model-server.js';
import { startStalledTurn } from './stalled-turn.js';

const BIN = join(import.meta.dirname, '../../dist/cli/bin.js');

/** Starts `lookout serve` as its own process and waits until it answers. */
async function serveProcess(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [BIN, 'serve'], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: 'pipe',
  });
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${env.LOOKOUT_PORT}/healthz`)).ok) return child;
    } catch {
      if (Date.now() > deadline) throw new Error('lookout serve did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

describe('a server killed in the middle of a turn', () => {
  let model: ModelServer;
  beforeAll(async () => {
    model = await startModelServer({ model: 'qwen3.5-9b' });
  });
  afterAll(() => model.close());

  it('keeps the person message and an intact database after a restart', async () => {
    const env = {
      LOOKOUT_PORT: String(await closedPort()),
      LOOKOUT_DATA_DIR: freshDataDir(),
      LOOKOUT_UPSTREAM: model.url,
    };
    const base = `http://127.0.0.1:${env.LOOKOUT_PORT}`;
    const first = await serveProcess(env);
    const { chatId, events } = await startStalledTurn(base, model, 'a question before the crash');
    first.kill('SIGKILL');
    await once(first, 'exit');
    await events;

    const second = await serveProcess(env);
    try {
      const stored = (await (await fetch(`${base}/api/chats/${chatId}`)).json()) as {
        messages: { role: string; content: string }[];
      };
      expect(stored.messages).toEqual([
        expect.objectContaining({ role: 'user', content: 'a question before the crash' }),
      ]);
      const database = new Sqlite(join(env.LOOKOUT_DATA_DIR, 'lookout.db'), { readonly: true });
      try {
        expect(database.pragma('integrity_check', { simple: true })).toBe('ok');
      } finally {
        database.close();
      }
    } finally {
      second.kill('SIGTERM');
      await once(second, 'exit');
    }
  }, 30_000);
});
