// The public API of lookout, by name. Nothing else is promised.

export { addUsage, type ChatEvent, type HandOff } from './chat/events.js';
export { findUpstream, LOCAL_SERVERS } from './chat/find-upstream.js';
export { runTurn, type TurnOptions } from './chat/loop.js';
export type {
  ChatMessage,
  ContentPart,
  MessageContent,
  ToolCall,
  ToolSpec,
  Upstream,
  Usage,
} from './chat/types.js';
export { UpstreamError } from './chat/types.js';
export type { Failure, FailureCode, Outcome } from './failure.js';
export { LookoutError } from './failure.js';
export type { AddressPolicy, Resolver } from './fetch/address-policy.js';
export {
  DEFAULT_MAX_CHARS,
  type FetchRequest,
  MAX_MAX_CHARS,
  MIN_MAX_CHARS,
  type WebFetchOptions,
  webFetch,
} from './fetch/web-fetch.js';
export { COOLDOWN_MS, Cooldowns, type Rest, type RestSnapshot } from './search/cooldowns.js';
export { webSearch } from './search/default-search.js';
export type {
  Markup,
  Need,
  Provider,
  ProviderAnswer,
  ProviderContext,
  ProviderFailure,
  ProviderQuery,
  RequestRate,
  SafeSearch,
  SettingNeed,
} from './search/provider.js';
export {
  type KeyFile,
  type ProviderKey,
  type ProviderKeys,
  providerKeys,
} from './search/provider-keys.js';
export { PROVIDER_NAMES, type ProviderName } from './search/provider-names.js';
export { PROVIDERS } from './search/providers/index.js';
export { DEFAULT_RESULTS, MAX_QUERY_CHARS, MAX_RESULTS } from './search/query.js';
export { RequestPacing } from './search/request-pacing.js';
export { SearchCache } from './search/search-cache.js';
export type { ProviderTest } from './search/test-providers.js';
export { createWebSearch, type WebSearch, type WebSearchOptions } from './search/web-search.js';
export { envName, loadSettings } from './settings/env.js';
export {
  defaultSettings,
  type SettingName,
  type Settings,
  settingsSchema,
} from './settings/schema.js';
export { WEB_TOOLS } from './tools/index.js';
export {
  openAiTool,
  type Tool,
  type ToolContext,
  type ToolResult,
} from './tools/tool.js';
export type {
  Attempt,
  AttemptOutcome,
  Freshness,
  Page,
  PageFormat,
  SearchRequest,
  SearchResult,
  Source,
  WebActivity,
} from './types.js';
export {
  describeFailure,
  sanitize,
  UNTRUSTED_NOTICE,
  wrapPage,
  wrapSearchResult,
} from './untrusted.js';
export { VERSION } from './version.js';
