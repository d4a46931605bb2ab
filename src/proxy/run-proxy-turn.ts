import type { ChatEvent } from '../chat/events.js';
import { runTurn } from '../chat/loop.js';
import type { Upstream } from '../chat/types.js';
import type { ServerContext } from '../server/server-context.js';
import { toolContextFor } from '../server/tool-context.js';
import type { Tool } from '../tools/tool.js';
import type { HandOffMemory } from './hand-off-memory.js';
import type { ProxyRequest } from './proxy-request.js';

export interface ProxyTurn {
  request: ProxyRequest;
  upstream: Upstream;
  webTools: readonly Tool[];
  user: string;
  signal: AbortSignal;
}

/**
 * One request through the tool loop: the client's conversation with the web
 * exchanges of its earlier hand-offs put back, the client's fields and tools
 * beside the web tools; a hand-off is remembered for the client's return.
 */
export async function* runProxyTurn(
  server: ServerContext,
  memory: HandOffMemory,
  { request, upstream, webTools, user, signal }: ProxyTurn,
): AsyncGenerator<ChatEvent> {
  for await (const event of runTurn({
    upstream,
    messages: memory.restore(user, request.messages),
    tools: webTools,
    clientTools: request.clientTools,
    toolContext: toolContextFor(server, user),
    maxToolRounds: server.settings.max_tool_rounds,
    extraBody: request.extraBody,
    signal,
  })) {
    if (event.type === 'done' && event.handOff) memory.keep(user, event.handOff);
    yield event;
  }
}
