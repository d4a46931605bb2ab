import type { Resolver } from '../fetch/address-policy.js';
import type { WebSearch } from '../search/web-search.js';
import type { Settings } from '../settings/schema.js';
import type { ChatStore } from '../store/chats.js';
import type { KeyStore } from '../store/secrets.js';
import type { LiveSettings } from './live-settings.js';

/** What the routes share: the settings and the services built from them. */
export interface ServerContext {
  /** Read at each request: saved settings can change while the server runs. */
  readonly settings: Readonly<Settings>;
  readonly search: WebSearch;
  /** The saved settings and keys, when the server keeps them (the settings and keys routes). */
  live?: LiveSettings;
  keys?: KeyStore;
  /** The stored chats, when the server keeps them. */
  chats?: ChatStore;
  /** Cancels of the chat turns running now, so a stopping server can end them cleanly. */
  turns?: Set<() => void>;
  /** Called when a turn has ended and stored its answer. */
  turnEnded?: () => void;
  /** The fetcher's DNS; tests give their own. */
  resolve?: Resolver;
  ownAddresses?: readonly string[];
}
