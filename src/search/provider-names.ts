/**
 * Every provider lookout knows, in registry order: the order the chain uses for
 * names that the `providers` setting leaves out. Kept apart from the provider
 * modules so settings can be checked without loading any parser.
 *
 * The keyed APIs come before the keyless engines: one without its key is
 * passed over at no cost, and a person who set a key wants it used. Keenable
 * searches without a key too, so it follows the keyless engines as their
 * fallback instead of taking every search of a fresh install. The LLM
 * services come last: their keys are often set for other tools, and each
 * of their searches is a paid, slow model call, so they are a last resort
 * unless the `providers` setting names them.
 */
export const PROVIDER_NAMES = [
  'searxng',
  'brave_api',
  'tavily',
  'exa',
  'serper',
  'google_pse',
  'duckduckgo',
  'brave_html',
  'bing_html',
  'keenable',
  'openai',
  'anthropic',
  'gemini',
] as const;

export type ProviderName = (typeof PROVIDER_NAMES)[number];

export const isProviderName = (name: string): name is ProviderName =>
  (PROVIDER_NAMES as readonly string[]).includes(name);
