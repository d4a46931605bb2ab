import { LookoutError } from '../failure.js';
import type { Provider } from './provider.js';

/** Keys kept by provider name: lookout's key file (`KeyStore`, `keys.json` in the data directory). */
export interface KeyFile {
  get(name: string): string | undefined;
}

/** A provider's key and where it came from, so a refused key can be traced to its source. */
export interface ProviderKey {
  value: string;
  /** `the key file`, or the environment variable's name. */
  source: string;
  /** The other source, when it holds a key too (not used: the key file wins). */
  alsoSet?: string;
}

/** Finds the key each provider sends. */
export interface ProviderKeys {
  /**
   * The provider's key; undefined when it takes none or none is set. Throws
   * a `LookoutError` when the key file cannot be read.
   */
  keyOf(provider: Provider): ProviderKey | undefined;
}

export const KEY_FILE = 'the key file';

/** Whether a provider sends a key: it needs one, or takes one when set (Keenable). */
export const takesKey = (provider: Provider): boolean =>
  provider.needs.includes('key') || (provider.keyEnv?.length ?? 0) > 0;

/**
 * Keys from the key file (under the provider's name, as `PUT
 * /api/keys/{name}` saves them), else from the provider's environment
 * variables in order. The key file wins: it is the one a person set
 * explicitly, for this lookout.
 */
export function providerKeys({
  file,
  env = {},
}: {
  file?: KeyFile;
  env?: NodeJS.ProcessEnv;
}): ProviderKeys {
  return {
    keyOf(provider) {
      if (!takesKey(provider)) return undefined;
      const saved = file ? savedKey(file, provider.name) : undefined;
      const variable = (provider.keyEnv ?? []).find((name) => env[name]?.trim());
      if (saved)
        return { value: saved, source: KEY_FILE, ...(variable ? { alsoSet: variable } : {}) };
      if (variable) return { value: (env[variable] as string).trim(), source: variable };
      return undefined;
    },
  };
}

/** A key from the key file; any failure to read it is a `LookoutError` that says so. */
function savedKey(file: KeyFile, name: string): string | undefined {
  try {
    return file.get(name)?.trim();
  } catch (error) {
    if (error instanceof LookoutError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? 'an error';
    throw new LookoutError('bad_setting', `the key file cannot be read (${code})`, {
      cause: error,
    });
  }
}

/** No keys at all: for callers that must not send any. */
export const NO_KEYS: ProviderKeys = providerKeys({});

/** Where a key came from, in words added to a reason about it: "key from BRAVE_API_KEY". */
export const keyOrigin = (key: ProviderKey): string =>
  key.alsoSet
    ? `key from ${key.source}; ${key.alsoSet} is set too but the key file wins`
    : `key from ${key.source}`;

/** How to give a provider its key, for "needs …" reasons. */
export const keySources = (provider: Provider): string =>
  [...(provider.keyEnv ?? []), `"${provider.name}" in ${KEY_FILE}`].join(' or ');
