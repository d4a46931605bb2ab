import type { ModelServer } from '../fakes/model-server.js';

export interface StalledTurn {
  chatId: string;
  /** The turn's event stream as text, once the server ends it (or 'cut' if the connection broke). */
  events: Promise<string>;
}

/** A new chat whose first turn hangs at the model server: resolved once the model has the request. */
export async function startStalledTurn(
  base: string,
  model: ModelServer,
  content: string,
): Promise<StalledTurn> {
  const created = await fetch(`${base}/api/chats`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const { id } = (await created.json()) as { id: string };
  const asked = model.requests.length;
  model.script([{ kind: 'stall', afterHeaders: true }]);
  const events = fetch(`${base}/api/chats/${id}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ content }),
  })
    .then((response) => response.text())
    .catch(() => 'cut');
  while (model.requests.length === asked) await new Promise((resolve) => setTimeout(resolve, 50));
  return { chatId: id, events };
}
