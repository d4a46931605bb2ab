import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LookoutError } from '../../src/failure.js';
import { KEYS_FILE, KeyStore } from '../../src/store/secrets.js';
import { useTemporaryDirectories } from './temporary-directory.js';

const temporaryDirectory = useTemporaryDirectories();

describe('KeyStore', () => {
  it('sets, reads, lists and removes keys', () => {
    const keys = new KeyStore(temporaryDirectory());
    expect(keys.names()).toEqual([]);
    expect(keys.has('brave_api')).toBe(false);
    keys.set('brave_api', ' secret-1 ');
    keys.set('openai', 'secret-2');
    expect(keys.has('brave_api')).toBe(true);
    expect(keys.get('brave_api')).toBe('secret-1');
    expect(keys.names()).toEqual(['brave_api', 'openai']);
    expect(keys.remove('brave_api')).toBe(true);
    expect(keys.remove('brave_api')).toBe(false);
    expect(keys.get('brave_api')).toBeUndefined();
    expect(keys.names()).toEqual(['openai']);
  });

  it('keeps the file readable by the owner alone, in a private directory', () => {
    const dataDir = join(temporaryDirectory(), 'data');
    new KeyStore(dataDir).set('openai', 'secret');
    expect(statSync(join(dataDir, KEYS_FILE)).mode & 0o777).toBe(0o600);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  });

  it('is seen at once by another instance on the same directory', () => {
    const dataDir = temporaryDirectory();
    new KeyStore(dataDir).set('openai', 'secret');
    expect(new KeyStore(dataDir).get('openai')).toBe('secret');
  });

  it('sees a change another process made after it read the file', () => {
    const dataDir = temporaryDirectory();
    const mine = new KeyStore(dataDir);
    const theirs = new KeyStore(dataDir);
    mine.set('openai', 'secret-1');
    expect(theirs.get('openai')).toBe('secret-1');
    mine.set('openai', 'secret-2');
    expect(theirs.get('openai')).toBe('secret-2');
    // Edited in place by hand (the same inode): still seen.
    writeFileSync(join(dataDir, KEYS_FILE), '{"openai": "secret-3"}\n');
    expect(theirs.get('openai')).toBe('secret-3');
    mine.remove('openai');
    expect(theirs.has('openai')).toBe(false);
  });

  it('leaves the old file whole when a write stopped before its rename', () => {
    const dataDir = temporaryDirectory();
    const keys = new KeyStore(dataDir);
    keys.set('openai', 'old-secret');
    // What a crash after writing the temporary file, before renaming it, leaves behind.
    const leftOver = join(dataDir, `${KEYS_FILE}.999.abcdef.tmp`);
    writeFileSync(leftOver, '{"openai": "half-writ', { mode: 0o600 });
    expect(new KeyStore(dataDir).get('openai')).toBe('old-secret');
    keys.set('brave_api', 'new-secret');
    expect(JSON.parse(readFileSync(join(dataDir, KEYS_FILE), 'utf8'))).toEqual({
      openai: 'old-secret',
      brave_api: 'new-secret',
    });
    // Only the crash's file is left; a finished write leaves no temporary file of its own.
    expect(readdirSync(dataDir).sort()).toEqual([KEYS_FILE, `${KEYS_FILE}.999.abcdef.tmp`]);
  });

  it('refuses a damaged file rather than dropping the keys in it', () => {
    const dataDir = temporaryDirectory();
    writeFileSync(join(dataDir, KEYS_FILE), '{"openai": "secret-in-a-broken-file');
    const keys = new KeyStore(dataDir);
    expect(() => keys.set('brave_api', 'x')).toThrow(LookoutError);
    expect(() => keys.names()).toThrow(/not valid JSON/);
    expect(() => keys.names()).not.toThrow(/secret-in-a-broken-file/);
  });

  it('refuses a bad name or an empty key without echoing the key', () => {
    const keys = new KeyStore(temporaryDirectory());
    expect(() => keys.set('__proto__', 'secret')).toThrow(LookoutError);
    expect(() => keys.set('openai', '   ')).toThrow(/empty/);
    expect(keys.names()).toEqual([]);
  });
});
