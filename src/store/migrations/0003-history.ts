import type { Migration } from '../migration.js';
import { createHistoryIndex } from '../sqlite.js';

/** SQLite only: the FTS5 index of history search (a PostgreSQL store would add a tsvector here). */
export const history: Migration = {
  id: 3,
  name: 'history',
  up: createHistoryIndex,
};
