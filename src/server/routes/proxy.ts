import { randomBytes } from 'node:crypto';
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { UpstreamError } from '../../chat/types.js';
import { completionChunks } from '../../proxy/completion-chunks.js';
import { eventStream } from '../../proxy/event-stream.js';
import { HandOffMemory } from '../../proxy/hand-off-memory.js';
import { modelList } from '../../proxy/model-list.js';
import { offeredWebTools } from '../../proxy/offered-web-tools.js';
import { BAD_GATEWAY, openAiError } from '../../proxy/openai-error.js';
import { proxyAuth, proxyUser } from '../../proxy/proxy-auth.js';
import { parseProxyRequest } from '../../proxy/proxy-request.js';
import { relayCompletion } from '../../proxy/relay-completion.js';
import { runProxyTurn } from '../../proxy/run-proxy-turn.js';
import { wholeCompletion } from '../../proxy/whole-completion.js';
import { findModelServer } from '../find-model-server.js';
import type { ServerContext } from '../server-context.js';

/** A conversation with images as data URLs is large; far beyond this is not a chat. */
const MAX_BODY_BYTES = 32 * 1024 * 1024;

/**
 * The OpenAI-compatible proxy: `/v1/chat/completions` and `/v1/models`. A
 * client points its base URL here instead of at the model server; requests
 * with web tools run through the tool loop, others are relayed as they are.
 * Every error is in OpenAI's shape.
 */
export function proxyRoutes(app: OpenAPIHono, server: ServerContext): void {
  describeForOpenApi(app);
  const memory = new HandOffMemory();
  app.use(
    '/v1/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => openAiError(c, 413, 'the request body is too large'),
    }),
    proxyAuth(server),
  );

  app.get('/v1/models', async (c) => {
    const found = await findModelServer(server);
    if (!found.ok) return openAiError(c, BAD_GATEWAY, found.failure.message, 'no_model_server');
    const models = await modelList(found.value, c.req.raw.signal);
    return models.ok ? c.json(models.list) : openAiError(c, models.status, models.message);
  });

  app.post('/v1/chat/completions', async (c) => {
    const parsed = parseProxyRequest(await c.req.json().catch(() => undefined));
    if (!parsed.ok) return openAiError(c, 400, parsed.message, null, parsed.param);
    const { request } = parsed;
    const found = await findModelServer(server, request.upstreamModel || undefined);
    if (!found.ok) return openAiError(c, BAD_GATEWAY, found.failure.message, 'no_model_server');
    const upstream = found.value;
    const webTools = offeredWebTools(request, server.settings);
    if (webTools.length === 0) {
      try {
        return await relayCompletion(upstream, request.body, c.req.raw.signal);
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        return openAiError(c, error.status ?? BAD_GATEWAY, error.message);
      }
    }

    const turn = cancellable(server, c.req.raw.signal);
    const user = proxyUser(c.req.header('authorization'), server.settings);
    const events = runProxyTurn(server, memory, {
      request,
      upstream,
      webTools,
      user,
      signal: turn.signal,
    });
    const outputs = completionChunks(events, {
      id: `chatcmpl-${randomBytes(12).toString('hex')}`,
      model: request.model || upstream.model,
      created: Math.floor(Date.now() / 1000),
      sourceList: server.settings.proxy_sources,
      usage: !request.stream || request.streamUsage,
    });
    if (!request.stream) {
      const answer = await wholeCompletion(outputs).finally(turn.end);
      if ('completion' in answer) return c.json(answer.completion);
      const { status, message, code } = answer.failure;
      return openAiError(c, status, message, code);
    }
    // The first output decides the status: a failure before any chunk is answered with its own.
    const first = await outputs.next();
    const opening = first.done ? undefined : first.value;
    if (!opening || 'failure' in opening) {
      turn.end();
      await outputs.return(undefined);
      const failure = opening?.failure;
      return openAiError(
        c,
        failure?.status ?? BAD_GATEWAY,
        failure?.message ?? 'the turn ended without an answer',
        failure?.code,
      );
    }
    return eventStream(opening, outputs, (cancelled) => {
      if (cancelled) turn.cancel();
      turn.end();
    });
  });

  app.all('/v1/*', (c) =>
    openAiError(c, 404, `no route ${c.req.method} ${new URL(c.req.url).pathname}`),
  );
}

interface Cancellable {
  signal: AbortSignal;
  cancel(): void;
  /** Called once the answer is complete or abandoned. */
  end(): void;
}

/** A proxied request that a client going away, or a stopping server, cancels. */
function cancellable(server: ServerContext, clientGone: AbortSignal): Cancellable {
  const controller = new AbortController();
  const cancel = () => controller.abort();
  clientGone.addEventListener('abort', cancel, { once: true });
  server.turns?.add(cancel);
  let ended = false;
  return {
    signal: controller.signal,
    cancel,
    end: () => {
      if (ended) return;
      ended = true;
      clientGone.removeEventListener('abort', cancel);
      server.turns?.delete(cancel);
      server.turnEnded?.();
    },
  };
}

/** OpenAI's own shapes are the contract here; the document says where to find them and what lookout adds. */
function describeForOpenApi(app: OpenAPIHono): void {
  const openAiErrors = Object.fromEntries(
    [400, 401, 502].map((status) => [
      status,
      {
        description: 'An error in OpenAI\'s shape: {"error": {"message", "type", "param", "code"}}',
      },
    ]),
  );
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: '/v1/chat/completions',
    summary:
      'OpenAI-compatible chat completions: the model server answers, with web_search and web_fetch run by lookout',
    description:
      "The body is OpenAI's chat completion request; fields lookout does not set reach the model server unchanged. A model name ending in :web always gets the web tools. The answer is a chat.completion, or chat.completion.chunk server-sent events when stream is true; the field `lookout` carries the web activity.",
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: z
              .looseObject({
                model: z.string(),
                messages: z.array(z.unknown()),
                stream: z.boolean().optional(),
                tools: z.array(z.unknown()).optional(),
              })
              .openapi('ChatCompletionRequest'),
          },
        },
      },
    },
    responses: {
      200: { description: 'A chat.completion, or a text/event-stream of chunks' },
      ...openAiErrors,
    },
  });
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/v1/models',
    summary: "The model server's models, each also as <name>:web",
    responses: { 200: { description: 'An OpenAI model list' }, ...openAiErrors },
  });
}
