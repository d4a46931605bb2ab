import type { Tool } from './tool.js';
import { webFetch } from './web-fetch.js';
import { webSearch } from './web-search.js';

/** The web tools every door offers, by name. */
export const WEB_TOOLS: readonly Tool[] = [webSearch, webFetch];
