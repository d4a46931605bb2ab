import type { Provider } from '../provider.js';
import type { ProviderName } from '../provider-names.js';
import { anthropic } from './anthropic.js';
import { bingHtml } from './bing-html.js';
import { braveApi } from './brave-api.js';
import { braveHtml } from './brave-html.js';
import { duckduckgo } from './duckduckgo.js';
import { exa } from './exa.js';
import { gemini } from './gemini.js';
import { googlePse } from './google-pse.js';
import { keenable } from './keenable.js';
import { openai } from './openai.js';
import { searxng } from './searxng.js';
import { serper } from './serper.js';
import { tavily } from './tavily.js';

/** Every provider by name; the registry order is PROVIDER_NAMES'. */
export const PROVIDERS: Readonly<Record<ProviderName, Provider>> = {
  searxng,
  brave_api: braveApi,
  tavily,
  exa,
  serper,
  google_pse: googlePse,
  duckduckgo,
  brave_html: braveHtml,
  bing_html: bingHtml,
  keenable,
  openai,
  anthropic,
  gemini,
};
