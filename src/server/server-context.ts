import type { Resolver } from '../fetch/address-policy.js';
import type { WebSearch } from '../search/web-search.js';
import type { Settings } from '../settings/schema.js';

/** What the routes share: the settings and the services built from them. */
export interface ServerContext {
  settings: Readonly<Settings>;
  search: WebSearch;
  /** The fetcher's DNS; tests give their own. */
  resolve?: Resolver;
  ownAddresses?: readonly string[];
}
