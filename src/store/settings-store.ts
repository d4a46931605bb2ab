import type { Kysely } from 'kysely';
import { LookoutError } from '../failure.js';
import { parseJson } from '../json-value.js';
import { SETTING_NAMES, type SettingName, settingsSchema } from '../settings/schema.js';
import type { Database } from './database.js';
import type { Tables } from './tables.js';

/** Settings saved by a person, not yet merged with defaults and the environment (see `loadSettings`). */
export type StoredSettings = Partial<Record<SettingName, unknown>>;
/** Settings to change; `null` removes a saved setting so its default applies again. */
export type SettingChanges = Partial<Record<SettingName, unknown>>;

const KNOWN = new Set<string>(SETTING_NAMES);

/** Checks every change against the schema; the values to save, or a LookoutError naming each bad setting. */
function checked(changes: SettingChanges): Map<SettingName, unknown> {
  const values = new Map<SettingName, unknown>();
  const problems: string[] = [];
  for (const [name, value] of Object.entries(changes)) {
    if (!KNOWN.has(name)) {
      problems.push(`unknown setting "${name}"`);
      continue;
    }
    const setting = name as SettingName;
    if (value === undefined) continue;
    if (value === null) {
      values.set(setting, null);
      continue;
    }
    const parsed = settingsSchema.shape[setting].safeParse(value);
    // The value itself stays out of the message: some settings are tokens.
    if (parsed.success) values.set(setting, parsed.data);
    else problems.push(`setting ${setting}: ${parsed.error.issues[0]?.message ?? 'invalid value'}`);
  }
  if (problems.length > 0) throw new LookoutError('bad_setting', problems.join('\n'));
  return values;
}

async function readFrom(db: Kysely<Tables>): Promise<StoredSettings> {
  const rows = await db.selectFrom('settings').select(['name', 'value']).execute();
  const stored: StoredSettings = {};
  for (const { name, value } of rows) {
    // A setting a newer or older lookout saved, and this one does not know, is left alone.
    if (KNOWN.has(name)) stored[name as SettingName] = parseJson(value);
  }
  return stored;
}

async function writeTo(db: Kysely<Tables>, values: Map<SettingName, unknown>): Promise<void> {
  for (const [name, value] of values) {
    if (value === null) {
      await db.deleteFrom('settings').where('name', '=', name).execute();
      continue;
    }
    const json = JSON.stringify(value);
    await db
      .insertInto('settings')
      .values({ name, value: json })
      .onConflict((conflict) => conflict.column('name').doUpdateSet({ value: json }))
      .execute();
  }
}

/** Settings a person saved, each checked against the settings schema before it is kept. */
export class SettingsStore {
  readonly #database: Database;

  constructor(database: Database) {
    this.#database = database;
  }

  read(): Promise<StoredSettings> {
    return readFrom(this.#database.db);
  }

  /** Saves all the changes or, when one is bad, none (LookoutError `bad_setting`). */
  async write(changes: SettingChanges): Promise<void> {
    const values = checked(changes);
    await this.#database.writeTransaction((transaction) => writeTo(transaction, values));
  }

  /**
   * Reads, lets `change` decide, and writes, all under the write lock, so
   * parallel changes (two people reordering providers) lose no update.
   * Returns the settings as saved after the change.
   */
  update(
    change: (stored: StoredSettings) => SettingChanges | Promise<SettingChanges>,
  ): Promise<StoredSettings> {
    return this.#database.writeTransaction(async (transaction) => {
      const values = checked(await change(await readFrom(transaction)));
      await writeTo(transaction, values);
      return readFrom(transaction);
    });
  }
}
