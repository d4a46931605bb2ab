import type { Generated } from 'kysely';

/**
 * The tables as Kysely sees them. Times are ISO 8601 text and structured
 * values JSON text, so the same shapes serve SQLite and PostgreSQL.
 */
export interface Tables {
  migrations: MigrationsTable;
  chats: ChatsTable;
  messages: MessagesTable;
  settings: SettingsTable;
}

export interface MigrationsTable {
  id: number;
  name: string;
  applied_at: string;
}

export interface ChatsTable {
  /** A random UUID. */
  id: string;
  /** Empty until a person names the chat or writes its first message. */
  title: string;
  created_at: string;
  updated_at: string;
  /** 1 when the model may not use the web in this chat. */
  web_off: number;
}

export interface MessagesTable {
  id: Generated<number>;
  chat_id: string;
  role: 'user' | 'assistant';
  content: string;
  /** Empty when the model gave none. */
  reasoning: string;
  /** Empty for a person's message. */
  model: string;
  /** JSON of the model server's `Usage`, null when it sent none. */
  usage: string | null;
  /** JSON array of `WebActivity`; null for none, and for rows older than migration 2. */
  activity: string | null;
  created_at: string;
}

export interface SettingsTable {
  name: string;
  /** JSON of the value, checked against the settings schema before it was saved. */
  value: string;
}
