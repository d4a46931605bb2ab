import type { Migration } from '../migration.js';

/** The web activity of a turn; rows written before this read as having none (null). */
export const messageActivity: Migration = {
  id: 2,
  name: 'message-activity',
  async up(db) {
    await db.schema.alterTable('messages').addColumn('activity', 'text').execute();
  },
};
