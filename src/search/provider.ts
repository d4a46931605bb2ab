import type { SettingName, Settings } from '../settings/schema.js';
import type { Freshness, Source } from '../types.js';
import type { ProviderName } from './provider-names.js';

/** How a provider wrote titles and snippets. */
export type Markup = 'html' | 'text';

export type SafeSearch = 'off' | 'moderate' | 'strict';

/** The query as every provider receives it: already cleaned and checked. */
export interface ProviderQuery {
  /** At most 400 characters, markdown and fences stripped. */
  text: string;
  /** How many sources the caller wants (1 to 10); a provider may return more. */
  maxResults: number;
  freshness?: Freshness;
  /** A bare host name; the provider maps it to its own parameter or `site:` operator. */
  site?: string;
  /** `auto` or a language tag such as `en-US`. */
  language: string;
  safesearch: SafeSearch;
}

/** What the chain hands a provider for one search. */
export interface ProviderContext {
  /** The provider's endpoint: its default, or the `<name>_url` setting. */
  endpoint: string;
  /** Provider-specific settings (SearXNG categories, a search model) are read from here. */
  settings: Readonly<Settings>;
  /**
   * The provider's key, when it takes one and one is set (the key file, else
   * its environment variable). Sent only in a header, only to `endpoint`.
   */
  key?: string;
  /** Aborted when the provider's time is up or the caller gave up. */
  signal: AbortSignal;
  /**
   * Milliseconds left of the provider's time budget, so a wait (a 429's
   * `Retry-After`) is only made when the answer can still come in time.
   */
  remainingMs?: () => number;
  fetch: typeof fetch;
  now: () => number;
}

/**
 * A classified answer: a provider never throws for a network or parse problem.
 * Titles and snippets are HTML fragments as the provider sent them (tags and
 * entities allowed), or plain text when `markup` is `text` (JSON APIs whose
 * fields are text, where `<details>` is a word and not a tag); the chain
 * turns them into plain text once.
 */
export type ProviderAnswer =
  | { outcome: 'ok'; sources: Source[]; markup?: Markup; answer?: string; note?: string }
  | { outcome: 'no_results'; reason?: string }
  | ProviderFailure;

export interface ProviderFailure {
  outcome: 'challenged' | 'blocked' | 'timeout' | 'error';
  reason: string;
  /** The reason is about the key (refused, out of credit): the chain adds where the key came from. */
  aboutKey?: boolean;
}

/** A setting a provider cannot search without, besides its URL and key (Google's engine id). */
export interface SettingNeed {
  setting: SettingName;
  /** For people: "the engine id". */
  what: string;
}

/** What a provider cannot search without. `url`: an endpoint with no public default. */
export type Need = 'url' | 'key' | SettingNeed;

/** A request rate a provider publishes: at most `requests` every `seconds`. */
export interface RequestRate {
  requests: number;
  seconds: number;
}

export interface Provider {
  name: ProviderName;
  /** For people: "DuckDuckGo", "SearXNG". */
  label: string;
  /** The default endpoint; `""` when there is none and the `<name>_url` setting must give one. */
  endpoint: string;
  needs: readonly Need[];
  /**
   * The environment variables a key may come from, in the order read
   * (`BRAVE_API_KEY`). A provider with `keyEnv` but without a `key` need
   * takes a key when one is set and searches without one otherwise.
   */
  keyEnv?: readonly string[];
  /** Time budget of one search, in milliseconds. */
  timeoutMs: number;
  /** The provider's published rate limit: searches beyond it wait their turn instead of drawing 429s. */
  rate?: RequestRate;
  search(query: ProviderQuery, context: ProviderContext): Promise<ProviderAnswer>;
}
