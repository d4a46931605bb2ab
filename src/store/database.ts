import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, SqliteDialect } from 'kysely';
import { type MigrateOptions, migrate } from './migrate.js';
import { immediateTransaction, openSqlite } from './sqlite.js';
import type { Tables } from './tables.js';

/** The database file inside the data directory. */
export const DATABASE_FILE = 'lookout.db';
/** Chats are private: only the owner may list or open the data directory. */
const DIRECTORY_MODE = 0o700;

/** An open store database. */
export interface Database {
  db: Kysely<Tables>;
  /**
   * Runs `work` in a transaction that holds the write lock from its start, so
   * a read-modify-write loses no update to another instance on the same file.
   * Not re-entrant: `work` uses `transaction`, never `db` or another write transaction.
   */
  writeTransaction<T>(work: (transaction: Kysely<Tables>) => Promise<T>): Promise<T>;
  /** Closes the file; the instance cannot be used after. */
  close(): void;
}

export interface OpenOptions {
  /** Apply migrations up to this id only; for tests of rows written by an older lookout. */
  migrateUpTo?: number;
}

/**
 * Opens (creating when needed) `lookout.db` in `dataDir`, or a private
 * in-memory database for `':memory:'`, and brings its schema up to date.
 */
export async function openDatabase(
  dataDir: string,
  { migrateUpTo }: OpenOptions = {},
): Promise<Database> {
  let file = dataDir;
  if (dataDir !== ':memory:') {
    mkdirSync(dataDir, { recursive: true, mode: DIRECTORY_MODE });
    file = join(dataDir, DATABASE_FILE);
  }
  const sqlite = openSqlite(file);
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) });
  const database: Database = {
    db,
    writeTransaction: (work) => immediateTransaction(db, work),
    // Closed directly, not with the asynchronous db.destroy(), so exit handlers can call it.
    close: () => sqlite.close(),
  };
  const options: MigrateOptions = migrateUpTo === undefined ? {} : { upTo: migrateUpTo };
  try {
    await migrate(database, options);
  } catch (error) {
    sqlite.close();
    throw error;
  }
  return database;
}
