import { z } from 'zod';
import {
  DEFAULT_RESULTS,
  FRESHNESS,
  MAX_QUERY_CHARS,
  MAX_RESULTS,
  siteHost,
} from '../search/query.js';
import { wrapSearchResult } from '../untrusted.js';
import { argumentObject, text, wholeNumber } from './lenient-arguments.js';
import type { Tool, ToolResult } from './tool.js';
import { toolFailure } from './tool-failure.js';

/** Optional arguments fall back to their default when a model sends something unusable. */
const searchArguments = z.object({
  query: text(),
  max_results: wholeNumber(1, MAX_RESULTS).catch(DEFAULT_RESULTS),
  freshness: z.enum(FRESHNESS).optional().catch(undefined),
  site: text().optional().catch(undefined),
});

const refused = (message: string, target = ''): ToolResult =>
  toolFailure('web_search', 'search', target, { code: 'bad_query', message });

export const webSearch: Tool = {
  name: 'web_search',
  description:
    'Search the web. Returns up to 10 results, each with a title, a URL, a snippet and, when known, a date. Use it for anything current or anything you are not sure of; then read the best pages with web_fetch before relying on a snippet for details.',
  parameters: {
    type: 'object',
    properties: {
      query: {
        type: 'string',
        maxLength: MAX_QUERY_CHARS,
        description: 'What to search for, as a person would type it.',
      },
      max_results: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_RESULTS,
        default: DEFAULT_RESULTS,
        description: 'How many results (1 to 10).',
      },
      freshness: {
        type: 'string',
        enum: [...FRESHNESS],
        description: 'Only pages from the last day, week, month or year.',
      },
      site: { type: 'string', description: 'Only pages of this host, such as docs.python.org.' },
    },
    required: ['query'],
    additionalProperties: false,
  },

  async run(raw, context) {
    const object = argumentObject(raw);
    if (!object) return refused('the arguments were not a JSON object with a query');
    const parsed = searchArguments.safeParse(object);
    if (!parsed.success) return refused('query is required and must be text');
    const { query, max_results, freshness } = parsed.data;
    // A site that is not a host name is an optional value gone wrong: search without it.
    const site =
      parsed.data.site && /[a-z]/i.test(parsed.data.site) ? siteHost(parsed.data.site) : undefined;
    const outcome = await context.search.search(
      {
        query,
        maxResults: max_results,
        ...(freshness ? { freshness } : {}),
        ...(site ? { site } : {}),
      },
      {
        ...(context.signal ? { signal: context.signal } : {}),
        ...(context.user ? { user: context.user } : {}),
      },
    );
    if (!outcome.ok) return toolFailure('web_search', 'search', query, outcome.failure);
    const result = outcome.value;
    const count = result.sources.length;
    const from = result.provider
      ? ` from ${result.host} (${result.provider}${result.cached ? ', cached' : ''})`
      : '';
    return {
      ok: true,
      text: wrapSearchResult(result),
      activity: {
        kind: 'search',
        target: result.query,
        ok: true,
        summary: `${count} result${count === 1 ? '' : 's'}${from}`,
        sources: result.sources,
      },
      structured: result,
    };
  },
};
