import { fail, LookoutError, type Outcome, succeed } from '../failure.js';
import { changeOrder, type OrderChange } from '../search/change-order.js';
import type { ProviderName } from '../search/provider-names.js';
import type { WebSearch } from '../search/web-search.js';
import { envName, loadSettings, readEnv } from '../settings/env.js';
import {
  SECRET_SETTINGS,
  SETTING_NAMES,
  type SettingName,
  type Settings,
  settingsSchema,
} from '../settings/schema.js';
import type { SettingsStore, StoredSettings } from '../store/settings-store.js';

export type SettingSource = 'default' | 'saved' | 'environment';

/** One setting as the API shows it: its value (never a secret's), where it comes from, what it does. */
export interface SettingView {
  name: SettingName;
  env: string;
  source: SettingSource;
  description: string;
  value?: unknown;
  /** For secrets, instead of the value. */
  set?: boolean;
}

/**
 * The settings a running server uses: defaults, then what was saved, then the
 * environment, which wins. A change rebuilds the search service, so its cache
 * and cool-downs start again.
 */
export class LiveSettings {
  readonly #env: NodeJS.ProcessEnv;
  readonly #store: SettingsStore;
  readonly #build: (settings: Readonly<Settings>) => WebSearch;
  #stored: StoredSettings;
  #settings: Settings;
  #search: WebSearch;

  private constructor(
    env: NodeJS.ProcessEnv,
    store: SettingsStore,
    build: (settings: Readonly<Settings>) => WebSearch,
    stored: StoredSettings,
  ) {
    this.#env = env;
    this.#store = store;
    this.#build = build;
    this.#stored = stored;
    this.#settings = loadSettings(env, stored);
    this.#search = build(this.#settings);
  }

  static async open(
    env: NodeJS.ProcessEnv,
    store: SettingsStore,
    build: (settings: Readonly<Settings>) => WebSearch,
  ): Promise<LiveSettings> {
    return new LiveSettings(env, store, build, await store.read());
  }

  get settings(): Readonly<Settings> {
    return this.#settings;
  }

  get search(): WebSearch {
    return this.#search;
  }

  view(): SettingView[] {
    const fromEnv = readEnv(this.#env).values;
    return SETTING_NAMES.map((name) => {
      const source: SettingSource =
        name in fromEnv ? 'environment' : name in this.#stored ? 'saved' : 'default';
      const value = this.#settings[name];
      const base = {
        name,
        env: envName(name),
        source,
        description: settingsSchema.shape[name].description ?? '',
      };
      if (!SECRET_SETTINGS.has(name)) return { ...base, value };
      return { ...base, set: Array.isArray(value) ? value.length > 0 : value !== '' };
    });
  }

  /** Saves changes (all or none) and applies them; secrets and unknown names are refused. */
  async change(changes: Record<string, unknown>): Promise<Outcome<SettingView[]>> {
    const secret = Object.keys(changes).find((name) => SECRET_SETTINGS.has(name as SettingName));
    if (secret)
      return fail(
        'bad_setting',
        `${secret} is a secret: set it in the environment (${envName(secret as SettingName)})`,
      );
    try {
      await this.#store.write(changes);
    } catch (error) {
      if (error instanceof LookoutError) return fail(error.code, error.message);
      throw error;
    }
    this.#apply(await this.#store.read());
    return succeed(this.view());
  }

  /** Moves a provider up or down, or turns it on or off, under the store's lock. */
  async changeProviders(name: ProviderName, change: OrderChange): Promise<void> {
    const stored = await this.#store.update((saved) => {
      const current = loadSettings({}, saved);
      return changeOrder(current, name, change);
    });
    this.#apply(stored);
  }

  #apply(stored: StoredSettings): void {
    const settings = loadSettings(this.#env, stored);
    this.#stored = stored;
    this.#settings = settings;
    this.#search = this.#build(settings);
  }
}
