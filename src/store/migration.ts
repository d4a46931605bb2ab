import type { Kysely } from 'kysely';

/** One numbered change to the schema, applied once, in its own transaction. */
export interface Migration {
  /** Applied in increasing order; never reused or renumbered once released. */
  id: number;
  name: string;
  // biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was, not as `Tables` says it is now.
  up(db: Kysely<any>): Promise<void>;
}
