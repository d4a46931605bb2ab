import { randomUUID } from 'node:crypto';
import {
  type Chat,
  type ChatWithMessages,
  type NewMessage,
  type StoredMessage,
  toChat,
  toMessage,
} from './chat-records.js';
import { chatTitle } from './chat-title.js';
import type { Database } from './database.js';
import type { HistoryHit } from './history-hit.js';
import { searchMessages } from './sqlite.js';

/** Most hits history search returns at once; a person reads the first few. */
const MAX_HISTORY_HITS = 100;

export interface ChatStoreOptions {
  /** The clock, for tests. */
  now?: () => Date;
}

/** Chats and their messages. Unknown ids give undefined or false, never an exception. */
export class ChatStore {
  readonly #database: Database;
  readonly #now: () => Date;

  constructor(database: Database, { now = () => new Date() }: ChatStoreOptions = {}) {
    this.#database = database;
    this.#now = now;
  }

  /** A new, empty chat, titled after `firstMessage` when given. */
  async createChat(firstMessage?: string): Promise<Chat> {
    const now = this.#now().toISOString();
    const row = {
      id: randomUUID(),
      title: firstMessage === undefined ? '' : chatTitle(firstMessage),
      created_at: now,
      updated_at: now,
      web_off: 0,
    };
    await this.#database.db.insertInto('chats').values(row).execute();
    return toChat(row);
  }

  /** Every chat, the most recently updated first. */
  async listChats(): Promise<Chat[]> {
    const rows = await this.#database.db
      .selectFrom('chats')
      .selectAll()
      .orderBy('updated_at', 'desc')
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map(toChat);
  }

  async getChat(id: string): Promise<ChatWithMessages | undefined> {
    const { db } = this.#database;
    const chat = await db.selectFrom('chats').selectAll().where('id', '=', id).executeTakeFirst();
    if (!chat) return undefined;
    const messages = await db
      .selectFrom('messages')
      .selectAll()
      .where('chat_id', '=', id)
      .orderBy('id')
      .execute();
    return { ...toChat(chat), messages: messages.map(toMessage) };
  }

  async renameChat(id: string, title: string): Promise<boolean> {
    return this.#updateChat(id, { title: chatTitle(title) });
  }

  async setWebOff(id: string, off: boolean): Promise<boolean> {
    return this.#updateChat(id, { web_off: off ? 1 : 0 });
  }

  /** Deletes the chat and, by the foreign key's cascade, its messages. */
  async deleteChat(id: string): Promise<boolean> {
    const result = await this.#database.db
      .deleteFrom('chats')
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** Adds a message at the end of the chat; the chat's first user message names an unnamed chat. */
  async addMessage(chatId: string, message: NewMessage): Promise<StoredMessage | undefined> {
    const now = this.#now().toISOString();
    return this.#database.writeTransaction(async (transaction) => {
      const chat = await transaction
        .selectFrom('chats')
        .select('title')
        .where('id', '=', chatId)
        .executeTakeFirst();
      if (!chat) return undefined;
      const row = await transaction
        .insertInto('messages')
        .values({
          chat_id: chatId,
          role: message.role,
          content: message.content,
          reasoning: message.reasoning ?? '',
          model: message.model ?? '',
          usage: message.usage ? JSON.stringify(message.usage) : null,
          activity: message.activity?.length ? JSON.stringify(message.activity) : null,
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const title =
        chat.title === '' && message.role === 'user' ? chatTitle(message.content) : chat.title;
      await transaction
        .updateTable('chats')
        .set({ updated_at: now, title })
        .where('id', '=', chatId)
        .execute();
      return toMessage(row);
    });
  }

  /** Messages whose text matches the words of `query`, best first; [] for an empty query. */
  async searchHistory(query: string, limit = 20): Promise<HistoryHit[]> {
    const bounded = Math.min(Math.max(Math.trunc(limit) || 1, 1), MAX_HISTORY_HITS);
    return searchMessages(this.#database.db, query, bounded);
  }

  async #updateChat(id: string, changes: { title?: string; web_off?: number }): Promise<boolean> {
    const result = await this.#database.db
      .updateTable('chats')
      .set(changes)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
