import type { Selectable } from 'kysely';
import type { Usage } from '../chat/types.js';
import { parseJson } from '../json-value.js';
import type { WebActivity } from '../types.js';
import type { ChatsTable, MessagesTable } from './tables.js';

/** A chat as the store hands it out. */
export interface Chat {
  id: string;
  /** Empty until named or until its first message. */
  title: string;
  createdAt: string;
  updatedAt: string;
  webOff: boolean;
}

export interface StoredMessage {
  id: number;
  chatId: string;
  role: 'user' | 'assistant';
  content: string;
  /** Empty when the model gave none. */
  reasoning: string;
  /** Empty for a person's message. */
  model: string;
  usage?: Usage;
  /** The turn's searches and reads, oldest first; [] when none. */
  activity: WebActivity[];
  createdAt: string;
}

export interface ChatWithMessages extends Chat {
  /** Oldest first. */
  messages: StoredMessage[];
}

/** What a caller gives to add a message. */
export interface NewMessage {
  role: 'user' | 'assistant';
  content: string;
  reasoning?: string;
  model?: string;
  usage?: Usage;
  activity?: WebActivity[];
}

export const toChat = (row: Selectable<ChatsTable>): Chat => ({
  id: row.id,
  title: row.title,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  webOff: row.web_off === 1,
});

export function toMessage(row: Selectable<MessagesTable>): StoredMessage {
  const activity = row.activity === null ? [] : parseJson(row.activity);
  const usage = row.usage === null ? undefined : parseJson(row.usage);
  return {
    id: row.id,
    chatId: row.chat_id,
    role: row.role,
    content: row.content,
    reasoning: row.reasoning,
    model: row.model,
    ...(usage && typeof usage === 'object' ? { usage: usage as Usage } : {}),
    activity: Array.isArray(activity) ? (activity as WebActivity[]) : [],
    createdAt: row.created_at,
  };
}
