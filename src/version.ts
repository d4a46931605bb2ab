import { createRequire } from 'node:module';

/** lookout's version, from its package.json (one level above src/ and dist/). */
export const VERSION = (createRequire(import.meta.url)('../package.json') as { version: string })
  .version;
