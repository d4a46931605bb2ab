import { sql } from 'kysely';
import type { Migration } from '../migration.js';

export const chats: Migration = {
  id: 1,
  name: 'chats',
  async up(db) {
    await db.schema
      .createTable('chats')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('title', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .addColumn('web_off', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('messages')
      // The one column a PostgreSQL migration would spell differently (an identity column).
      .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
      .addColumn('chat_id', 'text', (column) =>
        column.notNull().references('chats.id').onDelete('cascade'),
      )
      .addColumn('role', 'text', (column) => column.notNull())
      .addColumn('content', 'text', (column) => column.notNull())
      .addColumn('reasoning', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('model', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('usage', 'text')
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addCheckConstraint('messages_role', sql`role in ('user', 'assistant')`)
      .execute();
    await db.schema
      .createIndex('messages_by_chat')
      .on('messages')
      .columns(['chat_id', 'id'])
      .execute();
    await db.schema.createIndex('chats_by_update').on('chats').column('updated_at').execute();
  },
};
