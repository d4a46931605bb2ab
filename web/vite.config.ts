import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The web UI, built into dist/web, which `lookout serve` serves at `/`. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    // Small enough to load at once; one request less than a split bundle.
    chunkSizeWarningLimit: 800,
  },
  // `npx vite web` against a running `lookout serve` while working on the UI.
  server: { proxy: { '/api': 'http://127.0.0.1:3939' } },
});
