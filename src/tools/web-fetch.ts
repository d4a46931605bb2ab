import { z } from 'zod';
import {
  DEFAULT_MAX_CHARS,
  webFetch as fetchPage,
  MAX_MAX_CHARS,
  MIN_MAX_CHARS,
} from '../fetch/web-fetch.js';
import { wrapPage } from '../untrusted.js';
import { argumentObject, text, wholeNumber } from './lenient-arguments.js';
import type { Tool, ToolResult } from './tool.js';
import { toolFailure } from './tool-failure.js';

/** Optional arguments fall back to their default when a model sends something unusable. */
const fetchArguments = z.object({
  url: text(),
  max_chars: wholeNumber(MIN_MAX_CHARS, MAX_MAX_CHARS).catch(DEFAULT_MAX_CHARS),
  start: wholeNumber(0, Number.MAX_SAFE_INTEGER).catch(0),
  format: z.enum(['markdown', 'text']).catch('markdown'),
});

const failed = (url: string, message: string): ToolResult =>
  toolFailure('web_fetch', 'fetch', url, { code: 'bad_url', message });

const size = (chars: number): string => `${chars.toLocaleString('en-US')} chars`;

export const webFetch: Tool = {
  name: 'web_fetch',
  description:
    'Read one public web page or file (HTML, PDF, text, JSON, XML) by its URL. Returns its main text as Markdown, with its title. A long page comes in parts: the end says how to ask for the next part with start.',
  parameters: {
    type: 'object',
    properties: {
      url: { type: 'string', description: 'The http or https address to read.' },
      max_chars: {
        type: 'integer',
        minimum: MIN_MAX_CHARS,
        maximum: MAX_MAX_CHARS,
        default: DEFAULT_MAX_CHARS,
        description: 'The most characters of text to return.',
      },
      start: {
        type: 'integer',
        minimum: 0,
        default: 0,
        description: 'Where to start in the text, for the next part of a long page.',
      },
      format: {
        type: 'string',
        enum: ['markdown', 'text'],
        default: 'markdown',
        description: 'markdown keeps headings, links and tables; text is plain.',
      },
    },
    required: ['url'],
    additionalProperties: false,
  },

  async run(raw, context) {
    const object = argumentObject(raw);
    if (!object) return failed('', 'the arguments were not a JSON object with a url');
    const parsed = fetchArguments.safeParse(object);
    if (!parsed.success || parsed.data.url.trim() === '')
      return failed('', 'url is required and must be text');
    const { url, max_chars, start, format } = parsed.data;
    const outcome = await fetchPage(
      { url: url.trim(), maxChars: max_chars, start, format },
      {
        settings: context.settings,
        ...(context.resolve ? { resolve: context.resolve } : {}),
        ...(context.ownAddresses ? { ownAddresses: context.ownAddresses } : {}),
        ...(context.signal ? { signal: context.signal } : {}),
      },
    );
    if (!outcome.ok) return toolFailure('web_fetch', 'fetch', url, outcome.failure);
    const page = outcome.value;
    return {
      ok: true,
      text: wrapPage(page),
      activity: {
        kind: 'fetch',
        target: url,
        ok: true,
        summary: `${page.host}, ${size(page.totalChars)}${page.truncated ? `, part from ${page.start}` : ''}`,
        sources: [{ title: page.title ?? page.host, url: page.finalUrl, snippet: '' }],
      },
      structured: page,
    };
  },
};
