/**
 * Start-up of the `lookout` bin on plain node (built code): `--help` loads no
 * search module, so it should cost little more than node itself.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { bench, describe } from 'vitest';

const BIN = join(import.meta.dirname, '../dist/cli/bin.js');

describe('start the CLI', () => {
  bench(
    'node -e "" (node alone, the floor)',
    () => {
      execFileSync(process.execPath, ['-e', '']);
    },
    { iterations: 20, time: 0 },
  );
  bench(
    'lookout --help',
    () => {
      execFileSync(process.execPath, [BIN, '--help']);
    },
    { iterations: 20, time: 0 },
  );
  bench(
    'lookout providers (loads settings and every provider)',
    () => {
      execFileSync(process.execPath, [BIN, 'providers'], {
        env: { ...process.env, LOOKOUT_DATA_DIR: '/tmp/lookout-bench' },
      });
    },
    { iterations: 20, time: 0 },
  );
});
