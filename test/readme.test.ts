import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { envName } from '../src/settings/env.js';
import { SETTING_NAMES } from '../src/settings/schema.js';

const readme = readFileSync(join(import.meta.dirname, '../README.md'), 'utf8');

describe('the README', () => {
  it('documents every setting by its variable', () => {
    const missing = SETTING_NAMES.map(envName).filter((name) => !readme.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });

  it('names the two commands that .ci/run and a newcomer rely on', () => {
    expect(readme).toContain('npm install && npx lookout');
    expect(readme).toContain('npm test');
    expect(readFileSync(join(import.meta.dirname, '../.ci/run'), 'utf8')).toContain('npm test');
  });
});
