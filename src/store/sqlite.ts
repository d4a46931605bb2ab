/**
 * Everything in the store that only SQLite understands: the pragmas, the
 * write lock taken with BEGIN IMMEDIATE, and the FTS5 history index. A
 * PostgreSQL store would replace this file (tsvector for the index, a
 * serializable transaction for the lock) and leave the rest as it is.
 */
import BetterSqlite3 from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import type { HistoryHit } from './history-hit.js';
import type { Tables } from './tables.js';

/** How long a statement waits for another process's lock before failing. */
const BUSY_TIMEOUT_MS = 5_000;
/** Pause between tries for the write lock, random within this range so waiters spread out. */
const LOCK_RETRY_MS = [2, 20] as const;
/** Words of a history query kept; more only slow the search down. */
const MAX_QUERY_WORDS = 32;
/** Words of context on either side of a match in a snippet. */
const SNIPPET_WORDS = 12;
/** Marks around each matched word in a snippet (Markdown bold, as chat text is Markdown). */
export const HIGHLIGHT = { start: '**', end: '**' } as const;
/** Bare words FTS5 reads as operators; dropped, since people rarely mean them as words. */
const OPERATORS = new Set(['AND', 'OR', 'NOT', 'NEAR']);

/** Opens the file with write-ahead logging (readers never wait for the writer) and foreign keys on. */
export function openSqlite(file: string): BetterSqlite3.Database {
  const database = new BetterSqlite3(file);
  database.pragma('journal_mode = WAL');
  // With WAL, NORMAL cannot corrupt the file; a power cut may lose the last commit only.
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return database;
}

const pause = () => {
  const [low, high] = LOCK_RETRY_MS;
  return new Promise((resolve) => setTimeout(resolve, low + Math.random() * (high - low)));
};

const isBusy = (error: unknown) => (error as { code?: unknown } | null)?.code === 'SQLITE_BUSY';

/**
 * Takes the write lock, waiting without blocking: better-sqlite3's own busy
 * wait stops the event loop, so a holder in this same process could never
 * finish and release it.
 */
async function beginImmediate(connection: Kysely<Tables>): Promise<void> {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  await sql`pragma busy_timeout = 0`.execute(connection);
  try {
    for (;;) {
      try {
        await sql`begin immediate`.execute(connection);
        return;
      } catch (error) {
        if (!isBusy(error) || Date.now() > deadline) throw error;
        await pause();
      }
    }
  } finally {
    await sql.raw(`pragma busy_timeout = ${BUSY_TIMEOUT_MS}`).execute(connection);
  }
}

/** Runs `work` holding the write lock from the start, so a read-modify-write loses no update. */
export function immediateTransaction<T>(
  db: Kysely<Tables>,
  work: (transaction: Kysely<Tables>) => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (connection) => {
    await beginImmediate(connection);
    let result: T;
    try {
      result = await work(connection);
    } catch (error) {
      // SQLite may already have rolled back (a full disk); the first error is the one to report.
      await sql`rollback`.execute(connection).catch(() => undefined);
      throw error;
    }
    await sql`commit`.execute(connection);
    return result;
  });
}

/** Creates the full-text index over what people and models wrote (`content`), never web text. */
export async function createHistoryIndex(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `create virtual table message_search using fts5(
       content, content = 'messages', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2')`,
    `create trigger message_search_insert after insert on messages begin
       insert into message_search (rowid, content) values (new.id, new.content);
     end`,
    `create trigger message_search_delete after delete on messages begin
       insert into message_search (message_search, rowid, content) values ('delete', old.id, old.content);
     end`,
    `create trigger message_search_update after update of content on messages begin
       insert into message_search (message_search, rowid, content) values ('delete', old.id, old.content);
       insert into message_search (rowid, content) values (new.id, new.content);
     end`,
    // Messages written before this migration.
    `insert into message_search (message_search) values ('rebuild')`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/**
 * A person's words as an FTS5 query that cannot fail to parse: each word a
 * quoted phrase, all of them required. Empty when nothing searchable is left.
 */
export function historyQuery(text: string): string {
  return text
    .split(/\s+/)
    .map((word) => word.replaceAll('"', ''))
    .filter((word) => /[\p{L}\p{N}]/u.test(word) && !OPERATORS.has(word))
    .slice(0, MAX_QUERY_WORDS)
    .map((word) => `"${word}"`)
    .join(' ');
}

/** Messages matching `text`, best match first. */
export async function searchMessages(
  db: Kysely<Tables>,
  text: string,
  limit: number,
): Promise<HistoryHit[]> {
  const query = historyQuery(text);
  if (query === '') return [];
  const { rows } = await sql<HistoryHit>`
    select chats.id as "chatId", chats.title as "chatTitle", messages.id as "messageId",
      messages.role as "role", messages.created_at as "createdAt",
      snippet(message_search, 0, ${HIGHLIGHT.start}, ${HIGHLIGHT.end}, '…', ${SNIPPET_WORDS}) as "snippet"
    from message_search
    join messages on messages.id = message_search.rowid
    join chats on chats.id = messages.chat_id
    where message_search match ${query}
    order by message_search.rank
    limit ${limit}`.execute(db);
  return rows;
}
