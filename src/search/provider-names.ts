/**
 * Every provider lookout knows, in registry order: the order the chain uses for
 * names that the `providers` setting leaves out. Kept apart from the provider
 * modules so settings can be checked without loading any parser.
 */
export const PROVIDER_NAMES = ['searxng', 'duckduckgo', 'brave_html', 'bing_html'] as const;

export type ProviderName = (typeof PROVIDER_NAMES)[number];

export const isProviderName = (name: string): name is ProviderName =>
  (PROVIDER_NAMES as readonly string[]).includes(name);
