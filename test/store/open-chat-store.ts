import { ChatStore } from '../../src/store/chats.js';
import { type OpenOptions, openDatabase } from '../../src/store/database.js';

/** A database and a chat store on it, with a clock that ticks a second per reading. */
export async function openChatStore(dataDir: string, options: OpenOptions = {}) {
  const database = await openDatabase(dataDir, options);
  let tick = Date.parse('2025-01-01T00:00:00Z');
  const now = () => {
    tick += 1000;
    return new Date(tick);
  };
  const chats = new ChatStore(database, { now });
  return { database, chats, close: () => database.close() };
}
