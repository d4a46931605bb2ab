import { PROVIDERS } from '../../src/search/providers/index.js';

// A developer's shell may hold real keys (OPENAI_API_KEY, BRAVE_API_KEY, ...),
// which would turn paid providers on in tests; each test sets the keys it means.
for (const provider of Object.values(PROVIDERS)) {
  for (const name of provider.keyEnv ?? []) delete process.env[name];
}
