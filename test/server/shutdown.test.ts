import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/server/serve.js';
import { ChatStore } from '../../src/store/chats.js';
import { openDatabase } from '../../src/store/database.js';
import { freshDataDir } from '../cli/run-cli.js';
import { type ModelServer, startModelServer } from '../fakes/model-server.js';
import { startStalledTurn } from './stalled-turn.js';

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
    const { chatId, events } = await startStalledTurn(base, model, 'still running at shutdown');

    const stopping = Date.now();
    await started.value.close();
    expect(Date.now() - stopping).toBeLessThan(5_000);
    expect(await events).toContain('the turn was cancelled');

    const database = await openDatabase(dataDir);
    try {
      const stored = await new ChatStore(database).getChat(chatId);
      expect(stored?.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    } finally {
      database.close();
    }
  }, 20_000);
});
