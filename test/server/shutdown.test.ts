import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/server/serve.js';
import { ChatStore } from '../../src/store/chats.js';
import { openDatabase } from '../../src/store/database.js';
import { freshDataDir } from '../cli/run-cli.js';
import { type ModelServer, startModelServer } from '../fakes/model-server.js';

describe('a graceful stop', () => {
  let model: ModelServer;
  beforeAll(async () => {
    model = await startModelServer({ model: 'qwen3.5-9b' });
  });
  afterAll(() => model.close());

  it('cancels a running turn, stores it, then closes the database', async () => {
    const dataDir = freshDataDir();
    const started = await startServer(
      { LOOKOUT_PORT: '0', LOOKOUT_DATA_DIR: dataDir, LOOKOUT_UPSTREAM: model.url },
      () => {},
    );
    if (!started.ok) throw new Error(started.failure.message);
    const base = started.value.url;
    const chat = (await (
      await fetch(`${base}/api/chats`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
    ).json()) as { id: string };
    model.script([{ kind: 'stall', afterHeaders: true }]);
    const turn = fetch(`${base}/api/chats/${chat.id}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'still running at shutdown' }),
    }).then((response) => response.text());
    while (model.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));

    const stopping = Date.now();
    await started.value.close();
    expect(Date.now() - stopping).toBeLessThan(5_000);
    expect(await turn).toContain('the turn was cancelled');

    const database = await openDatabase(dataDir);
    try {
      const stored = await new ChatStore(database).getChat(chat.id);
      expect(stored?.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    } finally {
      database.close();
    }
  }, 20_000);
});
