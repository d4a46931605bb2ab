import { type Canned, CLOUDFLARE_CHALLENGE, sendCanned } from './hosted-fake.js';
import {
  type FakeServer,
  GARBAGE,
  type RecordedRequest,
  sendHtml,
  sendJson,
  startFake,
} from './http-fake.js';

/** What a fake of a keyed search API answers, in that API's own format. */
export interface SearchApi {
  /** Where the `fake-<scenario>` word is read: the `q` parameter (GET APIs) or the whole JSON body. */
  scenarioIn: 'q' | 'json';
  /** Whether the request is for the search endpoint (its method and path). */
  isEndpoint: (request: RecordedRequest) => boolean;
  /** The query as the API received it (from its parameter or its JSON body). */
  queryOf: (request: RecordedRequest) => string;
  /** The API's refusal when the request does not carry `key` as it must; undefined when it does. */
  refusal: (request: RecordedRequest, key: string) => Canned | undefined;
  /** The key refused, as the API refuses it (the `bad_key` scenario). */
  badKey: Canned;
  results: (query: string, request: RecordedRequest) => unknown;
  empty: (query: string) => unknown;
  tooMany: Canned;
  serverError: Canned;
  notFound?: Canned;
}

export interface ApiFake extends FakeServer {
  /** The key the fake takes; any other is refused with the API's real answer. */
  key: string;
  /** When set, every search with the right key is answered with it (an error from the format file). */
  replay: Canned | undefined;
  /** When set, a request sooner than this after the last one gets the API's 429 (its rate limit). */
  minIntervalMs: number;
}

const NOT_FOUND: Canned = { status: 404, json: { message: 'Not Found' } };

/**
 * A fake of a keyed search API. The scenario is a `fake-<scenario>` word in
 * the query; the query is recorded as `q`, so tests read it the same way
 * whatever the API's format.
 */
export async function startApiFake(api: SearchApi, key: string): Promise<ApiFake> {
  let self: ApiFake | undefined;
  let last = 0;
  const base = await startFake((request, response, scenario) => {
    const fake = self as ApiFake;
    // A bot check or a firewall in front of the API answers before any key is looked at.
    if (scenario === 'challenge') return sendCanned(response, CLOUDFLARE_CHALLENGE);
    if (scenario === 'forbidden')
      return sendHtml(response, 403, '<html><body>Forbidden</body></html>');
    if (!api.isEndpoint(request)) return sendCanned(response, api.notFound ?? NOT_FOUND);
    request.params.set('q', api.queryOf(request));
    const refused = api.refusal(request, fake.key);
    if (refused) return sendCanned(response, refused);
    if (scenario === 'bad_key') return sendCanned(response, api.badKey);
    const tooSoon = Date.now() - last < fake.minIntervalMs;
    last = Date.now();
    if (tooSoon) return sendCanned(response, api.tooMany);
    if (fake.replay) return sendCanned(response, fake.replay);
    const query = request.params.get('q') ?? '';
    switch (scenario) {
      case 'empty':
        return sendJson(response, 200, api.empty(query));
      case 'too_many':
        return sendCanned(response, api.tooMany);
      case 'server_error':
        return sendCanned(response, api.serverError);
      case 'garbage':
        response.writeHead(200, { 'content-type': 'application/json' }).end(GARBAGE);
        return;
      default:
        return sendJson(response, 200, api.results(query, request));
    }
  }, api.scenarioIn);
  self = Object.assign(base, { key, replay: undefined, minIntervalMs: 0 });
  return self;
}

/** The JSON body of a request, or undefined. */
export function jsonBodyOf(request: RecordedRequest): Record<string, unknown> | undefined {
  try {
    const body = JSON.parse(request.params.get('json') ?? '');
    return typeof body === 'object' && body !== null ? body : undefined;
  } catch {
    return undefined;
  }
}
