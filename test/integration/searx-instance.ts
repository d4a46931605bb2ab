import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

/** `shared/` sits beside the repository (in CI too); LOOKOUT_SHARED_DIR points elsewhere. */
export const SHARED_DIR = resolve(
  process.env.LOOKOUT_SHARED_DIR ?? join(import.meta.dirname, '../../../shared'),
);
const SEARX = join(SHARED_DIR, 'searx');

export interface SearxInstance {
  url: string;
  fixtureUrl: string;
  stateDir: string;
  stop(): Promise<void>;
}

/**
 * A real searx metasearch instance on loopback, with shared/searx/start
 * (which installs the Debian package when it is missing). `formats` emulates
 * a SearXNG whose `search.formats` lacks json.
 */
export async function startSearx(formats = ''): Promise<SearxInstance> {
  if (!existsSync(join(SEARX, 'start'))) {
    throw new Error(`no searx scripts at ${SEARX}; set LOOKOUT_SHARED_DIR to the shared/ folder`);
  }
  const { stdout } = await promisify(execFile)('bash', [join(SEARX, 'start')], {
    env: { ...process.env, SEARX_FORMATS: formats },
    timeout: 180_000,
  });
  const values = Object.fromEntries(
    stdout
      .trim()
      .split('\n')
      .map((line) => line.split('=', 2) as [string, string]),
  );
  const stateDir = values.SEARX_STATE_DIR as string;
  return {
    url: values.SEARX_URL as string,
    fixtureUrl: values.SEARX_FIXTURE_URL as string,
    stateDir,
    stop: async () => {
      await promisify(execFile)('bash', [join(SEARX, 'stop'), stateDir]);
    },
  };
}
