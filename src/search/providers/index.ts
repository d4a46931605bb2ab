import type { Provider } from '../provider.js';
import type { ProviderName } from '../provider-names.js';
import { bingHtml } from './bing-html.js';
import { braveHtml } from './brave-html.js';
import { duckduckgo } from './duckduckgo.js';
import { searxng } from './searxng.js';

/** Every provider by name; the registry order is PROVIDER_NAMES'. */
export const PROVIDERS: Readonly<Record<ProviderName, Provider>> = {
  searxng,
  duckduckgo,
  brave_html: braveHtml,
  bing_html: bingHtml,
};
