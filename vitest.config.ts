import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup/loopback-only.ts'],
    testTimeout: 20_000,
    hookTimeout: 90_000,
  },
});
