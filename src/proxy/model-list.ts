import type { Upstream } from '../chat/types.js';
import { jsonObject } from '../json-value.js';
import { WEB_SUFFIX } from './proxy-request.js';

/** A model list is one small JSON answer: a server that takes longer is not answering. */
const LIST_TIMEOUT_MS = 10_000;

export type ModelList =
  | { ok: true; list: { object: 'list'; data: Record<string, unknown>[] } }
  | { ok: false; status: number; message: string };

/**
 * The model server's `/models`, each model listed as the server has it and
 * again with `:web`, in OpenAI's list shape.
 */
export async function modelList(
  upstream: Upstream,
  signal: AbortSignal,
  send: typeof fetch = fetch,
): Promise<ModelList> {
  const address = `${upstream.baseUrl.replace(/\/+$/, '')}/models`;
  let answer: Response;
  try {
    answer = await send(address, {
      headers: upstream.key ? { Authorization: `Bearer ${upstream.key}` } : {},
      signal: AbortSignal.any([signal, AbortSignal.timeout(LIST_TIMEOUT_MS)]),
    });
  } catch {
    // The host alone: a base URL may hold a user name and password.
    const host = new URL(address).host;
    return { ok: false, status: 502, message: `could not reach the model server at ${host}` };
  }
  const data = await answer
    .json()
    .then((body: unknown) => jsonObject(body)?.data)
    .catch(() => undefined);
  if (!answer.ok || !Array.isArray(data)) {
    const status = answer.ok ? 502 : answer.status;
    return {
      ok: false,
      status,
      message: `the model server answered HTTP ${answer.status} for its model list`,
    };
  }
  const models = data.map(jsonObject).filter((model) => typeof model?.id === 'string') as Record<
    string,
    unknown
  >[];
  return {
    ok: true,
    list: {
      object: 'list',
      data: models.flatMap((model) => [model, { ...model, id: `${model.id}${WEB_SUFFIX}` }]),
    },
  };
}
