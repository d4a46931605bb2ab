import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { askProvider } from '../../src/search/ask-provider.js';
import { keyOrigin, providerKeys, takesKey } from '../../src/search/provider-keys.js';
import { describeNeeds, missingNeed } from '../../src/search/provider-order.js';
import { PROVIDERS } from '../../src/search/providers/index.js';
import { defaultSettings } from '../../src/settings/schema.js';
import { KeyStore } from '../../src/store/secrets.js';
import { startKeenableFake } from '../fakes/keenable-fake.js';
import { useTemporaryDirectories } from '../store/temporary-directory.js';
import { baseQuery } from './provider-contract.js';

describe('provider keys', () => {
  const directory = useTemporaryDirectories();
  const brave = PROVIDERS.brave_api;
  const settings = defaultSettings();

  it('come from the environment variable of the provider', () => {
    const keys = providerKeys({ env: { BRAVE_API_KEY: ' from-env ' } });
    expect(keys.keyOf(brave)).toEqual({ value: 'from-env', source: 'BRAVE_API_KEY' });
    expect(keys.keyOf(PROVIDERS.tavily)).toBeUndefined();
  });

  it('come from the key file, which wins over the environment and says so', () => {
    const file = new KeyStore(directory());
    file.set('brave_api', 'from-file');
    const keys = providerKeys({ file, env: { BRAVE_API_KEY: 'from-env' } });
    const key = keys.keyOf(brave);
    expect(key).toEqual({ value: 'from-file', source: 'the key file', alsoSet: 'BRAVE_API_KEY' });
    expect(key && keyOrigin(key)).toBe(
      'key from the key file; BRAVE_API_KEY is set too but the key file wins',
    );
    expect(providerKeys({ file }).keyOf(brave)).toEqual({
      value: 'from-file',
      source: 'the key file',
    });
  });

  it('are never looked up for a provider that takes none', () => {
    const file = new KeyStore(directory());
    file.set('duckduckgo', 'a key nobody asked for');
    expect(providerKeys({ file }).keyOf(PROVIDERS.duckduckgo)).toBeUndefined();
    expect(takesKey(PROVIDERS.duckduckgo)).toBe(false);
    expect(takesKey(PROVIDERS.keenable)).toBe(true);
  });

  it("make a keyed provider's needs, in words naming where to set them", () => {
    const none = providerKeys({});
    expect(missingNeed(brave, settings, none)).toBe(
      'needs an API key (BRAVE_API_KEY or "brave_api" in the key file)',
    );
    expect(missingNeed(brave, settings, providerKeys({ env: { BRAVE_API_KEY: 'k' } }))).toBe(
      undefined,
    );
    const google = PROVIDERS.google_pse;
    expect(missingNeed(google, settings, none)).toBe(
      'needs an API key (GOOGLE_API_KEY or "google_pse" in the key file) and the search engine id (LOOKOUT_GOOGLE_PSE_CX)',
    );
    const withKey = providerKeys({ env: { GOOGLE_API_KEY: 'k' } });
    expect(missingNeed(google, settings, withKey)).toBe(
      'needs the search engine id (LOOKOUT_GOOGLE_PSE_CX)',
    );
    expect(missingNeed(google, { ...settings, google_pse_cx: 'cx' }, withKey)).toBe(undefined);
    expect(describeNeeds(PROVIDERS.keenable)).toBe('nothing');
    expect(missingNeed(PROVIDERS.keenable, settings, none)).toBe(undefined);
  });

  it('from an unreadable key file: the provider lacks its key, the search goes on', async () => {
    const dataDir = directory();
    writeFileSync(join(dataDir, 'keys.json'), '{ not json');
    const keys = providerKeys({ file: new KeyStore(dataDir), env: { BRAVE_API_KEY: 'k' } });
    expect(missingNeed(brave, settings, keys)).toMatch(
      /^cannot read its key: .*keys\.json is not valid JSON; fix or remove it$/,
    );
    const notADirectory = join(dataDir, 'keys.json', 'below');
    expect(missingNeed(brave, settings, providerKeys({ file: new KeyStore(notADirectory) }))).toBe(
      'cannot read its key: the key file cannot be read (ENOTDIR)',
    );
    // Keenable searches without a key when the key file cannot be read.
    const fake = await startKeenableFake();
    try {
      const { answer } = await askProvider(PROVIDERS.keenable, baseQuery('tokio'), {
        settings: { ...settings, keenable_url: `${fake.url}/v1/search` },
        keys,
        fetch,
        now: Date.now,
      });
      expect(answer.outcome).toBe('ok');
      expect(fake.requests[0]?.path).toBe('/v1/search/public');
    } finally {
      await fake.close();
    }
  });
});
