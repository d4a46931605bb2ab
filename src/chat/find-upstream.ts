import { fail, type Outcome, succeed } from '../failure.js';
import type { Settings } from '../settings/schema.js';
import type { Upstream } from './types.js';

/** Where local model servers listen by default. */
export const LOCAL_SERVERS: readonly { name: string; baseUrl: string }[] = [
  { name: 'llama-server', baseUrl: 'http://127.0.0.1:8080/v1' },
  { name: 'Ollama', baseUrl: 'http://127.0.0.1:11434/v1' },
  { name: 'LM Studio', baseUrl: 'http://127.0.0.1:1234/v1' },
];

/** A local server that is there answers at once; one that is not should not hold the start. */
const PROBE_TIMEOUT_MS = 1_500;

/** `http://host:port` means `http://host:port/v1`; a URL with a path is taken as it is. */
export function apiBase(address: string): string {
  const url = new URL(address);
  if (url.pathname === '/' || url.pathname === '') url.pathname = '/v1';
  return url.href.replace(/\/+$/, '');
}

async function firstModel(
  baseUrl: string,
  key: string,
  fetchImpl: typeof fetch,
): Promise<string | undefined> {
  const response = await fetchImpl(`${baseUrl}/models`, {
    headers: key ? { Authorization: `Bearer ${key}` } : {},
    signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
  });
  if (!response.ok) return undefined;
  const body = (await response.json()) as {
    data?: { id?: unknown }[];
    models?: { name?: unknown }[];
  };
  const id = body.data?.[0]?.id ?? body.models?.[0]?.name;
  return typeof id === 'string' ? id : undefined;
}

/**
 * The model server to talk to: the `upstream` setting, or the first local
 * server that answers on its usual port; the model is the `model` setting,
 * or the server's first model.
 */
export async function findUpstream(
  settings: Pick<Settings, 'upstream' | 'upstream_key' | 'model'>,
  { candidates = LOCAL_SERVERS, fetch: fetchImpl = globalThis.fetch } = {},
): Promise<Outcome<Upstream>> {
  const key = settings.upstream_key;
  const withKey = key ? { key } : {};
  if (settings.upstream) {
    const baseUrl = apiBase(settings.upstream);
    if (settings.model) return succeed({ baseUrl, model: settings.model, ...withKey });
    const model = await firstModel(baseUrl, key, fetchImpl).catch(() => undefined);
    if (!model) {
      return fail(
        'connect',
        `the model server at ${baseUrl} lists no model; set LOOKOUT_MODEL to the model to use`,
      );
    }
    return succeed({ baseUrl, model, ...withKey });
  }
  for (const candidate of candidates) {
    const model = await firstModel(candidate.baseUrl, key, fetchImpl).catch(() => undefined);
    if (model)
      return succeed({ baseUrl: candidate.baseUrl, model: settings.model || model, ...withKey });
  }
  const tried = candidates
    .map((candidate) => `${candidate.baseUrl} (${candidate.name})`)
    .join(', ');
  return fail(
    'connect',
    `no model server found: tried ${tried}. Start one, or set LOOKOUT_UPSTREAM to its address (for example http://127.0.0.1:8080/v1) and LOOKOUT_MODEL to the model.`,
  );
}
