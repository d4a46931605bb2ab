import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Cooldowns, type RestSnapshot } from '../search/cooldowns.js';

const FILE = 'cooldowns.json';

/**
 * Cool-downs that outlive one CLI run: a search that met a bot check a minute
 * ago does not wait for the same engine again, and `lookout providers`
 * shows what rests. A file that cannot be read starts empty; one that cannot
 * be written is reported once and the search goes on.
 */
export function fileCooldowns(dataDir: string, warn: (text: string) => void): Cooldowns {
  const path = join(dataDir, FILE);
  let initial: RestSnapshot = {};
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      initial = parsed as RestSnapshot;
  } catch {
    // No file yet, or a damaged one: no provider rests.
  }
  let warned = false;
  return new Cooldowns({
    initial,
    onChange: (snapshot) => {
      try {
        mkdirSync(dataDir, { recursive: true, mode: 0o700 });
        const temporary = `${path}.${process.pid}.tmp`;
        writeFileSync(temporary, `${JSON.stringify(snapshot, null, 2)}\n`, { mode: 0o600 });
        renameSync(temporary, path);
      } catch (error) {
        if (!warned)
          warn(
            `lookout: could not keep provider cool-downs in ${path}: ${(error as Error).message}\n`,
          );
        warned = true;
      }
    },
  });
}
