import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { LookoutError } from '../failure.js';

/** The key file inside the data directory. */
export const KEYS_FILE = 'keys.json';
/** Readable and writable by the owner alone. */
const FILE_MODE = 0o600;
const DIRECTORY_MODE = 0o700;
/** Key names as providers are named (`brave_api`); nothing that could touch an object's prototype. */
const KEY_NAME = /^[a-z][a-z0-9_]{0,63}$/;

/**
 * Provider keys, kept apart from the database in a file only the owner may
 * read. Nothing here logs, and no message holds a key. The file is read on
 * every call, so another process's change is seen at once.
 */
export class KeyStore {
  readonly #file: string;
  readonly #directory: string;
  #cached: { stamp: string; keys: Map<string, string> } | undefined;

  constructor(dataDir: string) {
    this.#directory = dataDir;
    this.#file = join(dataDir, KEYS_FILE);
  }

  has(name: string): boolean {
    return this.#read().has(name);
  }

  /** The key itself, for the code that sends it; never for showing back to a person. */
  get(name: string): string | undefined {
    return this.#read().get(name);
  }

  set(name: string, value: string): void {
    if (!KEY_NAME.test(name)) {
      throw new LookoutError('bad_setting', `a key name is lower-case letters, digits and _`);
    }
    if (value.trim() === '') throw new LookoutError('bad_setting', `the key ${name} is empty`);
    const keys = this.#read();
    keys.set(name, value.trim());
    this.#write(keys);
  }

  /** False when no key had that name. */
  remove(name: string): boolean {
    const keys = this.#read();
    if (!keys.delete(name)) return false;
    this.#write(keys);
    return true;
  }

  /** The names of the keys that are set, sorted. */
  names(): string[] {
    return [...this.#read().keys()].sort();
  }

  /**
   * The keys as the file holds them now. A search asks for several providers'
   * keys, so the parsed file is kept while its inode, time and size stay the
   * same (every write here renames a new file over it); one stat a call.
   */
  #read(): Map<string, string> {
    let stamp: string;
    try {
      const { ino, mtimeMs, size } = statSync(this.#file);
      stamp = `${ino}:${mtimeMs}:${size}`;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
      throw error;
    }
    if (this.#cached?.stamp !== stamp) this.#cached = { stamp, keys: this.#parse() };
    // A copy: set and remove change the map they are given.
    return new Map(this.#cached.keys);
  }

  #parse(): Map<string, string> {
    const text = readFileSync(this.#file, 'utf8');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      // Treating it as empty would let the next write drop every key in it.
      throw new LookoutError('bad_setting', `${this.#file} is not valid JSON; fix or remove it`, {
        cause: error,
      });
    }
    const entries = typeof parsed === 'object' && parsed !== null ? Object.entries(parsed) : [];
    return new Map(
      entries.filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  }

  /** Writes a temporary file, then renames it over the old one: a crash leaves one or the other whole. */
  #write(keys: Map<string, string>): void {
    mkdirSync(this.#directory, { recursive: true, mode: DIRECTORY_MODE });
    const temporary = `${this.#file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    const descriptor = openSync(temporary, 'wx', FILE_MODE);
    try {
      writeSync(descriptor, `${JSON.stringify(Object.fromEntries(keys), null, 2)}\n`);
      fsyncSync(descriptor);
    } catch (error) {
      closeSync(descriptor);
      rmSync(temporary, { force: true });
      throw error;
    }
    closeSync(descriptor);
    renameSync(temporary, this.#file);
  }
}
