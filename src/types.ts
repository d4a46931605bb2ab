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

export type PageFormat = 'markdown' | 'text';

/** One page or file read by web_fetch, whatever its type. */
export interface Page {
  /** The address asked for. */
  url: string;
  /** The address after redirects. */
  finalUrl: string;
  host: string;
  status: number;
  /** The media type without parameters, e.g. `text/html`. */
  contentType: string;
  title?: string;
  siteName?: string;
  byline?: string;
  /** ISO 8601 date (YYYY-MM-DD) from the page's metadata. */
  published?: string;
  description?: string;
  /** Open Graph image address. */
  image?: string;
  format: PageFormat;
  /** The text, from `start`, at most `max_chars` long. */
  content: string;
  /** Characters of the whole text; `content` is a part of it when `truncated`. */
  totalChars: number;
  /** Where `content` starts in the whole text. */
  start: number;
  /** More text follows; ask again with `start` = `start + content.length`. */
  truncated?: boolean;
  /** The download stopped at the byte cap: the end of the page is missing. */
  partial?: boolean;
}

/** What a person sees of one tool call, kept beside the message that used it. */
export interface WebActivity {
  kind: 'search' | 'fetch';
  /** The query, or the address asked for. */
  target: string;
  ok: boolean;
  /** One line for a person: "5 results from html.duckduckgo.com (duckduckgo)", "docs.example.org, 12,345 chars". */
  summary: string;
  sources: Source[];
  error?: string;
  /** Why it failed, for a client that shows some failures its own way (`rate_limited`, `no_provider_works`). */
  code?: string;
}
