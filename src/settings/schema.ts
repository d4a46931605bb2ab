import envPaths from 'env-paths';
import { z } from 'zod';
import { isProviderName, PROVIDER_NAMES } from '../search/provider-names.js';

const httpUrl = z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// address' });

const providerList = z.array(z.string().trim().toLowerCase()).superRefine((names, context) => {
  const seen = new Set<string>();
  for (const name of names) {
    if (!isProviderName(name)) {
      context.addIssue({
        code: 'custom',
        message: `unknown provider "${name}"; known: ${PROVIDER_NAMES.join(', ')}`,
      });
    } else if (seen.has(name)) {
      context.addIssue({ code: 'custom', message: `provider "${name}" is listed twice` });
    }
    seen.add(name);
  }
});

const PORT_ERROR = 'expected port numbers from 1 to 65535, comma separated';
const port = z
  .number({ error: PORT_ERROR })
  .int(PORT_ERROR)
  .min(1, PORT_ERROR)
  .max(65535, PORT_ERROR);
const SNIPPET_ERROR = 'expected a whole number from 50 to 2000';
const LIMIT_ERROR = 'expected a whole number of searches a minute, at least 1';
const ROUNDS_ERROR = 'expected a whole number from 0 to 10';
const flag = () => z.boolean({ error: 'expected true or false' });
/** A model of an LLM service with hosted search: that service's own name for it. */
const searchModel = (name: string) =>
  z.string().trim().min(1, 'expected a model name').default(name);

/**
 * Every setting of lookout, with its default. Each one can also be given as an
 * environment variable: `LOOKOUT_` + the name in upper case
 * (`searxng_url` → `LOOKOUT_SEARXNG_URL`); lists are comma separated.
 */
export const settingsSchema = z.object({
  searxng_url: httpUrl
    .or(z.literal(''))
    .default('')
    .describe('Your SearXNG instance; when set, it is asked first. It must allow format=json.'),
  searxng_categories: z
    .array(z.string().trim().min(1))
    .default(['general'])
    .describe('SearXNG categories to search.'),
  duckduckgo_url: httpUrl
    .default('https://html.duckduckgo.com/html/')
    .describe("DuckDuckGo's HTML result page."),
  brave_html_url: httpUrl
    .default('https://search.brave.com/search')
    .describe("Brave Search's result page."),
  bing_html_url: httpUrl.default('https://www.bing.com/search').describe("Bing's result page."),
  brave_api_url: httpUrl
    .default('https://api.search.brave.com/res/v1/web/search')
    .describe("The Brave Search API's web search (or a compatible gateway)."),
  tavily_url: httpUrl.default('https://api.tavily.com/search').describe("Tavily's search API."),
  exa_url: httpUrl.default('https://api.exa.ai/search').describe("Exa's search API."),
  serper_url: httpUrl.default('https://google.serper.dev/search').describe("Serper's search API."),
  google_pse_url: httpUrl
    .default('https://www.googleapis.com/customsearch/v1')
    .describe(
      'Google Programmable Search (Custom Search JSON API); Google closed it to new customers and ends it on 2027-01-01.',
    ),
  google_pse_cx: z
    .string()
    .trim()
    .default('')
    .describe('The id (cx) of your Programmable Search Engine, which google_pse searches.'),
  keenable_url: httpUrl
    .default('https://api.keenable.ai/v1/search')
    .describe("Keenable's search API; without a key, /public is added to it."),
  openai_url: httpUrl
    .default('https://api.openai.com/v1/responses')
    .describe("OpenAI's Responses API, which the openai provider searches through."),
  openai_search_model: searchModel('gpt-5-mini').describe(
    'The OpenAI model that searches with the hosted web_search tool.',
  ),
  anthropic_url: httpUrl
    .default('https://api.anthropic.com/v1/messages')
    .describe("Anthropic's Messages API, which the anthropic provider searches through."),
  anthropic_search_model: searchModel('claude-haiku-4-5').describe(
    'The Claude model that searches with the web_search_20250305 server tool.',
  ),
  gemini_url: httpUrl
    .default('https://generativelanguage.googleapis.com/v1beta')
    .describe("The Gemini API's base; /models/<model>:generateContent is added to it."),
  gemini_search_model: searchModel('gemini-2.5-flash').describe(
    'The Gemini model that searches with google_search grounding.',
  ),
  providers: providerList
    .default([])
    .describe('Order of the search providers; names left out follow in registry order.'),
  providers_off: providerList.default([]).describe('Search providers never asked.'),
  language: z
    .string()
    .trim()
    .regex(/^(auto|[a-z]{2,3}(-[A-Za-z]{2,4})?)$/, 'expected auto or a language tag such as en-US')
    .default('auto')
    .describe('Language of results: auto, or a tag such as en-US.'),
  safesearch: z
    .enum(['off', 'moderate', 'strict'], { error: 'expected off, moderate or strict' })
    .default('moderate')
    .describe('Safe search level sent to every provider.'),
  snippet_chars: z
    .number({ error: SNIPPET_ERROR })
    .int(SNIPPET_ERROR)
    .min(50, SNIPPET_ERROR)
    .max(2000, SNIPPET_ERROR)
    .default(300)
    .describe('Snippets are cut to this many characters.'),
  search_limit_per_user: z
    .number({ error: LIMIT_ERROR })
    .int(LIMIT_ERROR)
    .min(1, LIMIT_ERROR)
    .max(100_000, LIMIT_ERROR)
    .default(20)
    .describe('Searches one user may make a minute (cache hits are free).'),
  search_limit_total: z
    .number({ error: LIMIT_ERROR })
    .int(LIMIT_ERROR)
    .min(1, LIMIT_ERROR)
    .max(100_000, LIMIT_ERROR)
    .default(60)
    .describe('Searches everyone together may make a minute.'),
  allow_private: flag()
    .default(false)
    .describe('Let web_fetch reach private network ranges (never loopback or metadata).'),
  ports: z
    .array(port)
    .min(1, PORT_ERROR)
    .default([80, 443])
    .describe('Ports web_fetch may connect to.'),
  allowed_hosts: z
    .array(z.string().trim().toLowerCase().min(1))
    .default([])
    .describe(
      'Hosts web_fetch may reach although they are not public: a name or address, or host:port for one port only.',
    ),
  upstream: httpUrl
    .or(z.literal(''))
    .default('')
    .describe(
      'The OpenAI-compatible model server, e.g. http://127.0.0.1:8080/v1; empty: look for one on the usual local ports.',
    ),
  upstream_key: z
    .string()
    .default('')
    .describe('API key of the model server, sent as a Bearer token; empty for local servers.'),
  model: z
    .string()
    .trim()
    .default('')
    .describe("The model to ask; empty: the server's first model."),
  max_tool_rounds: z
    .number({ error: ROUNDS_ERROR })
    .int(ROUNDS_ERROR)
    .min(0, ROUNDS_ERROR)
    .max(10, ROUNDS_ERROR)
    .default(3)
    .describe('Rounds of tool calls a turn may take before the model must answer.'),
  proxy_web: flag()
    .default(true)
    .describe(
      'Requests to the OpenAI-compatible proxy (/v1) with a plain model name get the web tools; names ending in :web always do.',
    ),
  proxy_sources: flag()
    .default(true)
    .describe(
      'Answers through the OpenAI-compatible proxy end with a numbered list of their sources; off for clients that show citations themselves.',
    ),
  host: z
    .string()
    .trim()
    .min(1)
    .default('127.0.0.1')
    .describe('Address `lookout serve` listens on; any but loopback needs an access token.'),
  port: z
    .number({ error: PORT_ERROR })
    .int(PORT_ERROR)
    .min(0, PORT_ERROR)
    .max(65535, PORT_ERROR)
    .default(3939)
    .describe('Port `lookout serve` listens on; 0 takes any free one.'),
  admin_token: z
    .string()
    .default('')
    .describe('Bearer token for everything, settings and keys included.'),
  user_tokens: z
    .array(z.string().min(16, 'a token must be at least 16 characters'))
    .default([])
    .describe('Bearer tokens for chat, search and fetch, comma separated.'),
  data_dir: z
    .string()
    .min(1)
    .default(() => envPaths('lookout', { suffix: '' }).data)
    .describe('Where lookout keeps its state.'),
});

export type Settings = z.infer<typeof settingsSchema>;
export type SettingName = keyof Settings;

/** Secrets given by the environment only: never saved in the database, never shown back. */
export const SECRET_SETTINGS: ReadonlySet<SettingName> = new Set([
  'upstream_key',
  'admin_token',
  'user_tokens',
]);

export const SETTING_NAMES = Object.keys(settingsSchema.shape) as SettingName[];

/** The defaults alone, as a fresh install has them. */
export const defaultSettings = (): Settings => settingsSchema.parse({});
