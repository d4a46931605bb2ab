import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    setupFiles: ['test/setup/loopback-only.ts'],
    hookTimeout: 180_000,
    benchmark: { include: ['bench/**/*.bench.ts'] },
    pool: 'forks',
    execArgv: ['--expose-gc'],
  },
});
