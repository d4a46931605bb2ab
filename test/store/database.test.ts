import { statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/store/database.js';
import { migrate } from '../../src/store/migrate.js';
import type { Migration } from '../../src/store/migration.js';
import { MIGRATIONS } from '../../src/store/migrations/index.js';
import { useTemporaryDirectories } from './temporary-directory.js';

const temporaryDirectory = useTemporaryDirectories();
const ALL_IDS = MIGRATIONS.map(({ id }) => id);

describe('openDatabase', () => {
  it('creates a private directory holding lookout.db in WAL mode with foreign keys on', async () => {
    const dataDir = join(temporaryDirectory(), 'nested', 'data');
    const database = await openDatabase(dataDir);
    const pragma = async (name: string) =>
      Object.values((await sql.raw(`pragma ${name}`).execute(database.db)).rows[0] as object)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('foreign_keys')).toBe(1);
    expect(await pragma('busy_timeout')).toBeGreaterThan(0);
    database.close();
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dataDir, 'lookout.db')).isFile()).toBe(true);
  });

  it('runs each migration once, and none again on reopening', async () => {
    const dataDir = temporaryDirectory();
    const first = await openDatabase(dataDir);
    const before = await first.db.selectFrom('migrations').selectAll().orderBy('id').execute();
    expect(before.map(({ id }) => id)).toEqual(ALL_IDS);
    first.close();

    const second = await openDatabase(dataDir);
    expect(await migrate(second)).toEqual([]);
    const after = await second.db.selectFrom('migrations').selectAll().orderBy('id').execute();
    expect(after).toEqual(before);
    second.close();
  });

  it('migrates only up to the id asked for, and the rest on the next open', async () => {
    const dataDir = temporaryDirectory();
    const old = await openDatabase(dataDir, { migrateUpTo: 1 });
    const ids = await old.db.selectFrom('migrations').select('id').execute();
    expect(ids).toEqual([{ id: 1 }]);
    old.close();
    const current = await openDatabase(dataDir);
    const all = await current.db.selectFrom('migrations').select('id').orderBy('id').execute();
    expect(all.map(({ id }) => id)).toEqual(ALL_IDS);
    current.close();
  });

  it('keeps what was written across close and reopen', async () => {
    const dataDir = temporaryDirectory();
    const first = await openDatabase(dataDir);
    await first.db.insertInto('settings').values({ name: 'port', value: '4000' }).execute();
    first.close();
    await expect(first.db.selectFrom('settings').selectAll().execute()).rejects.toThrow();
    const second = await openDatabase(dataDir);
    expect(await second.db.selectFrom('settings').selectAll().execute()).toEqual([
      { name: 'port', value: '4000' },
    ]);
    second.close();
  });

  it('opens a private database in memory', async () => {
    const database = await openDatabase(':memory:');
    const ids = await database.db.selectFrom('migrations').select('id').execute();
    expect(ids).toHaveLength(ALL_IDS.length);
    database.close();
  });
});

describe('migrate', () => {
  it('rolls a failing migration back whole and records nothing for it', async () => {
    const database = await openDatabase(':memory:');
    const broken: Migration = {
      id: 1000,
      name: 'broken',
      async up(db) {
        await db.schema.createTable('half_done').addColumn('x', 'text').execute();
        throw new Error('boom');
      },
    };
    await expect(migrate(database, { migrations: [...MIGRATIONS, broken] })).rejects.toThrow(
      'boom',
    );
    const tables = await database.db.introspection.getTables();
    expect(tables.map(({ name }) => name)).not.toContain('half_done');
    const recorded = await database.db.selectFrom('migrations').select('id').execute();
    expect(recorded.map(({ id }) => id)).toEqual(ALL_IDS);
    database.close();
  });

  it('refuses migrations listed out of order', async () => {
    const database = await openDatabase(':memory:');
    const reversed = [...MIGRATIONS].reverse();
    await expect(migrate(database, { migrations: reversed })).rejects.toThrow(/out of order/);
    database.close();
  });
});
