/** One web page found by a search. `published` is an ISO 8601 date (YYYY-MM-DD) when the provider gives one. */
export interface Source {
  title: string;
  url: string;
  snippet: string;
  published?: string;
}

/** How one provider's turn in the chain ended. */
export type AttemptOutcome =
  | 'ok'
  | 'no_results'
  | 'challenged'
  | 'blocked'
  | 'timeout'
  | 'error'
  | 'no_key'
  | 'cooldown';

/** One provider the chain asked (or passed over), in order. */
export interface Attempt {
  provider: string;
  host: string;
  outcome: AttemptOutcome;
  results: number;
  reason?: string;
  ms: number;
}

/** What a search returns, whichever provider answered. */
export interface SearchResult {
  query: string;
  /** Prose from providers that write one (LLM-hosted search, Tavily); `""` from plain engines. */
  answer: string;
  sources: Source[];
  /** The provider that answered; `""` when every provider found nothing. */
  provider: string;
  host: string;
  attempts: Attempt[];
  cached: boolean;
  ms: number;
}

export type Freshness = 'day' | 'week' | 'month' | 'year';

/** What a caller asks for; `query` is cleaned and checked before any provider sees it. */
export interface SearchRequest {
  query: string;
  /** 1 to 10, default 5. */
  maxResults?: number;
  freshness?: Freshness;
  /** A host name such as `docs.python.org`; results are kept to it and its subdomains. */
  site?: string;
  /** Ask only this provider, passing over the order, the off list and cool-downs. */
  provider?: string;
}
