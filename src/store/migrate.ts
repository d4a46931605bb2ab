import type { Database } from './database.js';
import type { Migration } from './migration.js';
import { MIGRATIONS } from './migrations/index.js';

export interface MigrateOptions {
  /** Apply migrations up to and including this id only (tests of old rows). Default: all. */
  upTo?: number;
  migrations?: readonly Migration[];
}

function checkOrder(migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    const previous = migrations[index - 1];
    if (previous && migration.id <= previous.id) {
      throw new Error(`migration ${migration.id} (${migration.name}) is out of order`);
    }
  });
}

/**
 * Applies the migrations not yet recorded in `migrations`, in order, each in
 * its own transaction with its record, so a failure leaves the schema at the
 * last whole step. Returns the ids it applied.
 */
export async function migrate(
  database: Database,
  { upTo = Number.POSITIVE_INFINITY, migrations = MIGRATIONS }: MigrateOptions = {},
): Promise<number[]> {
  checkOrder(migrations);
  const { db } = database;
  await db.schema
    .createTable('migrations')
    .ifNotExists()
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('applied_at', 'text', (column) => column.notNull())
    .execute();
  const applied: number[] = [];
  for (const migration of migrations.filter(({ id }) => id <= upTo)) {
    const ran = await database.writeTransaction(async (transaction) => {
      // Checked under the lock: another process opening the same file may have just applied it.
      const done = await transaction
        .selectFrom('migrations')
        .select('id')
        .where('id', '=', migration.id)
        .executeTakeFirst();
      if (done) return false;
      await migration.up(transaction);
      await transaction
        .insertInto('migrations')
        .values({ id: migration.id, name: migration.name, applied_at: new Date().toISOString() })
        .execute();
      return true;
    });
    if (ran) applied.push(migration.id);
  }
  return applied;
}
