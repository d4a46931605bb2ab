import { describe, expect, it } from 'vitest';
import { envName, loadSettings, readEnv } from '../../src/settings/env.js';
import { defaultSettings } from '../../src/settings/schema.js';

describe('settings from the environment', () => {
  it('has defaults that search with no configuration', () => {
    const settings = defaultSettings();
    expect(settings).toMatchObject({
      searxng_url: '',
      providers: [],
      providers_off: [],
      safesearch: 'moderate',
      snippet_chars: 300,
      allow_private: false,
      ports: [80, 443],
    });
    expect(settings.data_dir).toMatch(/lookout/);
  });

  it('reads every kind of value from text', () => {
    const settings = loadSettings({
      LOOKOUT_SEARXNG_URL: 'https://searx.example.org/',
      LOOKOUT_PROVIDERS: ' Bing_HTML , duckduckgo ',
      LOOKOUT_PROVIDERS_OFF: '',
      LOOKOUT_ALLOW_PRIVATE: 'yes',
      LOOKOUT_PORTS: '80, 8080',
      LOOKOUT_SNIPPET_CHARS: '120',
      LOOKOUT_LANGUAGE: 'de-DE',
    });
    expect(settings).toMatchObject({
      searxng_url: 'https://searx.example.org/',
      providers: ['bing_html', 'duckduckgo'],
      providers_off: [],
      allow_private: true,
      ports: [80, 8080],
      snippet_chars: 120,
      language: 'de-DE',
    });
  });

  it('lets the environment win over stored settings', () => {
    const settings = loadSettings(
      { LOOKOUT_SAFESEARCH: 'strict' },
      { safesearch: 'off', snippet_chars: 80 },
    );
    expect(settings.safesearch).toBe('strict');
    expect(settings.snippet_chars).toBe(80);
  });

  it.each([
    ['LOOKOUT_SEARXNG_URL', 'searx.example.org', /http:\/\/ or https:\/\//],
    ['LOOKOUT_PROVIDERS', 'duckduckgo,duckduckgo', /listed twice/],
    ['LOOKOUT_PROVIDERS_OFF', 'yahoo', /unknown provider "yahoo"/],
    ['LOOKOUT_ALLOW_PRIVATE', '2', /expected true or false/],
    ['LOOKOUT_PORTS', '70000', /port numbers from 1 to 65535/],
    ['LOOKOUT_PORTS', '', /port numbers/],
    ['LOOKOUT_SNIPPET_CHARS', 'many', /whole number from 50 to 2000/],
    ['LOOKOUT_LANGUAGE', 'English', /language tag/],
  ])('refuses %s=%j, naming the variable', (name, value, message) => {
    expect(() => loadSettings({ [name]: value })).toThrow(
      expect.objectContaining({
        code: 'bad_setting',
        message: expect.stringMatching(new RegExp(`^${name}: `)),
      }),
    );
    expect(() => loadSettings({ [name]: value })).toThrow(message);
  });

  it('lists LOOKOUT_ variables that name no setting', () => {
    expect(readEnv({ LOOKOUT_SEARX_URL: 'x', LOOKOUT_DEBUG: '1', PATH: '/bin' }).unknown).toEqual([
      'LOOKOUT_SEARX_URL',
    ]);
  });

  it('names variables after their setting', () => {
    expect(envName('providers_off')).toBe('LOOKOUT_PROVIDERS_OFF');
  });
});
