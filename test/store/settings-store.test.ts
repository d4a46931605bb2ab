import { describe, expect, it } from 'vitest';
import { LookoutError } from '../../src/failure.js';
import { loadSettings } from '../../src/settings/env.js';
import { openDatabase } from '../../src/store/database.js';
import { SettingsStore } from '../../src/store/settings-store.js';
import { useTemporaryDirectories } from './temporary-directory.js';

const temporaryDirectory = useTemporaryDirectories();

async function openSettings(dataDir = ':memory:') {
  const database = await openDatabase(dataDir);
  return { settings: new SettingsStore(database), close: () => database.close() };
}

describe('SettingsStore', () => {
  it('saves checked values as JSON that loadSettings merges under the environment', async () => {
    const { settings, close } = await openSettings();
    await settings.write({ providers: [' Brave_HTML ', 'duckduckgo'], snippet_chars: 120 });
    const stored = await settings.read();
    expect(stored).toEqual({ providers: ['brave_html', 'duckduckgo'], snippet_chars: 120 });
    expect(loadSettings({ LOOKOUT_SNIPPET_CHARS: '400' }, stored)).toMatchObject({
      providers: ['brave_html', 'duckduckgo'],
      snippet_chars: 400,
    });
    close();
  });

  it('removes a setting given null, so its default applies again', async () => {
    const { settings, close } = await openSettings();
    await settings.write({ safesearch: 'strict', port: 4000 });
    await settings.write({ safesearch: null });
    expect(await settings.read()).toEqual({ port: 4000 });
    close();
  });

  it('refuses a bad value, naming the setting, and saves none of the changes', async () => {
    const { settings, close } = await openSettings();
    const attempt = settings.write({ port: 4000, snippet_chars: 5, providers: ['altavista'] });
    await expect(attempt).rejects.toBeInstanceOf(LookoutError);
    await expect(attempt).rejects.toMatchObject({
      code: 'bad_setting',
      message: expect.stringMatching(/setting snippet_chars: .*\n.*setting providers: .*altavista/),
    });
    await expect(settings.write({ colour: 'blue' } as never)).rejects.toThrow(
      'unknown setting "colour"',
    );
    expect(await settings.read()).toEqual({});
    close();
  });

  it('keeps a secret value out of the refusal', async () => {
    const { settings, close } = await openSettings();
    const secret = 'short-secret';
    const attempt = settings.write({ user_tokens: [secret] });
    await expect(attempt).rejects.toThrow(/user_tokens/);
    await expect(attempt).rejects.not.toThrow(secret);
    close();
  });

  it('loses no update when two instances on one file change it in parallel', async () => {
    const dataDir = temporaryDirectory();
    const first = await openSettings(dataDir);
    const second = await openSettings(dataDir);
    await first.settings.write({ snippet_chars: 100 });
    const increment = (store: SettingsStore) =>
      store.update(async (stored) => {
        const current = stored.snippet_chars as number;
        // Yield between read and write, so an unlocked read-modify-write would interleave.
        await new Promise((resolve) => setTimeout(resolve, 0));
        return { snippet_chars: current + 1 };
      });
    const rounds = 25;
    const updates = Array.from({ length: rounds }, () => [
      increment(first.settings),
      increment(second.settings),
    ]).flat();
    await Promise.all(updates);
    expect((await second.settings.read()).snippet_chars).toBe(100 + 2 * rounds);
    first.close();
    second.close();
  });

  it('saves nothing when the change it is given throws', async () => {
    const { settings, close } = await openSettings();
    const failing = settings.update(() => {
      throw new Error('changed my mind');
    });
    await expect(failing).rejects.toThrow('changed my mind');
    await settings.write({ port: 4001 });
    expect(await settings.read()).toEqual({ port: 4001 });
    close();
  });
});
