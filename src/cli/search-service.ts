import { providerKeys } from '../search/provider-keys.js';
import { createWebSearch, type WebSearch } from '../search/web-search.js';
import { loadSettings, readEnv } from '../settings/env.js';
import { KeyStore } from '../store/secrets.js';
import { fileCooldowns } from './cooldown-file.js';
import type { Io } from './io.js';

/**
 * The search service a CLI run uses: settings from the environment, keys
 * from the key file in the data directory and the environment, cool-downs
 * kept on disk.
 */
export function cliSearchService(io: Io): WebSearch {
  for (const name of readEnv(io.env).unknown) {
    io.err(`lookout: ${name} is not a setting of lookout; it is ignored\n`);
  }
  const settings = loadSettings(io.env);
  return createWebSearch({
    settings,
    keys: providerKeys({ file: new KeyStore(settings.data_dir), env: io.env }),
    cooldowns: fileCooldowns(settings.data_dir, io.err),
  });
}
