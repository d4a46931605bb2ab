import type { Migration } from '../migration.js';

export const settings: Migration = {
  id: 4,
  name: 'settings',
  async up(db) {
    await db.schema
      .createTable('settings')
      .addColumn('name', 'text', (column) => column.primaryKey())
      .addColumn('value', 'text', (column) => column.notNull())
      .execute();
  },
};
