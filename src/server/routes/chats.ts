import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import { requireRole, userOf } from '../auth.js';
import { problem } from '../problem.js';
import { runChatTurn } from '../run-chat-turn.js';
import { jsonBody, jsonResponse, problemResponses } from '../schemas.js';
import type { ServerContext } from '../server-context.js';

const ChatSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    webOff: z.boolean(),
  })
  .openapi('Chat');
const MessageSchema = z
  .object({
    id: z.number().int(),
    chatId: z.string(),
    role: z.enum(['user', 'assistant']),
    content: z.string(),
    reasoning: z.string(),
    model: z.string(),
    usage: z.unknown().optional(),
    activity: z.array(z.unknown()),
    createdAt: z.string(),
  })
  .openapi('Message');
const ToolsSchema = z
  .object({
    builtins: z.array(
      z.object({
        group: z.literal('web'),
        tools: z.array(z.string()),
        off: z.boolean(),
        provider: z.literal('builtin'),
      }),
    ),
  })
  .openapi('ChatTools');
const HistoryHitSchema = z
  .object({
    chatId: z.string(),
    chatTitle: z.string(),
    messageId: z.number().int(),
    role: z.string(),
    snippet: z.string(),
    createdAt: z.string(),
  })
  .openapi('HistoryHit');

const idParam = { params: z.object({ id: z.string().min(1).max(64) }) };

const routes = {
  create: createRoute({
    method: 'post',
    path: '/api/chats',
    summary: 'Start a chat',
    request: jsonBody(z.object({ title: z.string().max(200).optional() }).strict()),
    responses: { 201: jsonResponse(ChatSchema, 'The chat'), ...problemResponses(400, 401) },
  }),
  list: createRoute({
    method: 'get',
    path: '/api/chats',
    summary: 'Chats, the latest first',
    responses: { 200: jsonResponse(z.array(ChatSchema), 'The chats'), ...problemResponses(401) },
  }),
  get: createRoute({
    method: 'get',
    path: '/api/chats/{id}',
    summary: 'A chat with its messages',
    request: idParam,
    responses: {
      200: jsonResponse(
        ChatSchema.extend({
          messages: z.array(MessageSchema),
          answering: z.boolean().openapi({
            description:
              'A turn of this chat is running now (its answer is stored when it ends), for a client that left and came back.',
          }),
        }),
        'The chat',
      ),
      ...problemResponses(401, 404),
    },
  }),
  rename: createRoute({
    method: 'patch',
    path: '/api/chats/{id}',
    summary: 'Rename a chat',
    request: { ...idParam, ...jsonBody(z.object({ title: z.string().min(1).max(200) }).strict()) },
    responses: { 200: jsonResponse(ChatSchema, 'The chat'), ...problemResponses(400, 401, 404) },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/api/chats/{id}',
    summary: 'Delete a chat and its messages',
    request: idParam,
    responses: { 204: { description: 'Deleted' }, ...problemResponses(401, 404) },
  }),
  tools: createRoute({
    method: 'get',
    path: '/api/chats/{id}/tools',
    summary: "The chat's tools and its Web switch",
    request: idParam,
    responses: { 200: jsonResponse(ToolsSchema, 'The tools'), ...problemResponses(401, 404) },
  }),
  builtins: createRoute({
    method: 'put',
    path: '/api/chats/{id}/builtins',
    summary: 'Switch the web tools off (or on) from the next turn',
    request: { ...idParam, ...jsonBody(z.object({ off: z.array(z.literal('web')) }).strict()) },
    responses: { 200: jsonResponse(ToolsSchema, 'The tools'), ...problemResponses(400, 401, 404) },
  }),
  send: createRoute({
    method: 'post',
    path: '/api/chats/{id}/messages',
    summary: "Send a message; the turn's events stream back as server-sent events",
    request: {
      ...idParam,
      ...jsonBody(
        z
          .object({
            content: z.string().min(1).max(100_000),
            retry: z.boolean().optional().openapi({
              description:
                'Ask again for the last question, left unanswered when a connection was lost; it is not stored twice.',
            }),
          })
          .strict(),
      ),
    },
    responses: {
      200: { description: 'text/event-stream of the loop events (event: type, data: JSON)' },
      ...problemResponses(400, 401, 404),
    },
  }),
  history: createRoute({
    method: 'get',
    path: '/api/history',
    summary: 'Search what people and models wrote (never web text)',
    request: {
      query: z.object({
        q: z.string().max(500),
        limit: z.coerce.number().int().min(1).max(100).optional(),
      }),
    },
    responses: {
      200: jsonResponse(z.array(HistoryHitSchema), 'Matching messages'),
      ...problemResponses(400, 401),
    },
  }),
};

const toolsOf = (webOff: boolean) => ({
  builtins: [
    {
      group: 'web' as const,
      tools: ['web_search', 'web_fetch'],
      off: webOff,
      provider: 'builtin' as const,
    },
  ],
});

/** Chats, their messages streamed as server-sent events, the Web switch and history search. */
export function chatRoutes(app: OpenAPIHono, server: ServerContext): void {
  const { chats } = server;
  if (!chats) return;
  app.use('/api/chats', requireRole('user', server));
  app.use('/api/chats/*', requireRole('user', server));
  app.use('/api/history', requireRole('user', server));
  const missing = (context: Parameters<typeof problem>[0], id: string) =>
    problem(context, 404, 'not_found', `no chat ${id}`) as never;
  // Chats with a turn running now, and how many.
  const answering = new Map<string, number>();
  const count = (id: string, by: number) => {
    const next = (answering.get(id) ?? 0) + by;
    if (next > 0) answering.set(id, next);
    else answering.delete(id);
  };

  app.openapi(routes.create, async (c) => {
    const created = await chats.createChat();
    const title = c.req.valid('json').title;
    if (!title) return c.json(created, 201);
    // The title as stored: shortened to a chat title's length.
    await chats.renameChat(created.id, title);
    const chat = (await chats.listChats()).find((candidate) => candidate.id === created.id);
    return c.json(chat ?? created, 201);
  });
  app.openapi(routes.list, async (c) => c.json(await chats.listChats(), 200));
  app.openapi(routes.get, async (c) => {
    const chat = await chats.getChat(c.req.valid('param').id);
    if (!chat) return missing(c, c.req.valid('param').id);
    return c.json({ ...chat, answering: answering.has(chat.id) } as never, 200);
  });
  app.openapi(routes.rename, async (c) => {
    const { id } = c.req.valid('param');
    if (!(await chats.renameChat(id, c.req.valid('json').title))) return missing(c, id);
    const chat = (await chats.listChats()).find((candidate) => candidate.id === id);
    return chat ? c.json(chat, 200) : missing(c, id);
  });
  app.openapi(routes.remove, async (c) => {
    const { id } = c.req.valid('param');
    return (await chats.deleteChat(id)) ? c.body(null, 204) : missing(c, id);
  });
  app.openapi(routes.tools, async (c) => {
    const chat = await chats.getChat(c.req.valid('param').id);
    return chat ? c.json(toolsOf(chat.webOff), 200) : missing(c, c.req.valid('param').id);
  });
  app.openapi(routes.builtins, async (c) => {
    const { id } = c.req.valid('param');
    const off = c.req.valid('json').off.includes('web');
    return (await chats.setWebOff(id, off)) ? c.json(toolsOf(off), 200) : missing(c, id);
  });
  app.openapi(routes.send, async (c) => {
    const { id } = c.req.valid('param');
    if (!(await chats.getChat(id))) return missing(c, id);
    const { content, retry } = c.req.valid('json');
    const user = userOf(c.req.header('authorization'));
    return streamSSE(c, async (stream) => {
      // A client that goes away cancels the turn; what was produced is still stored.
      const turn = new AbortController();
      stream.onAbort(() => turn.abort());
      // A stopping server cancels the turns still running and waits for them to store.
      const stopping = () => turn.abort();
      server.turns?.add(stopping);
      count(id, 1);
      try {
        for await (const event of runChatTurn(server, chats, {
          chatId: id,
          content,
          ...(retry ? { retry } : {}),
          user,
          signal: turn.signal,
        })) {
          if (!stream.aborted)
            await stream.writeSSE({ event: event.type, data: JSON.stringify(event) });
        }
      } finally {
        count(id, -1);
      }
      server.turns?.delete(stopping);
      server.turnEnded?.();
    }) as never;
  });
  app.openapi(routes.history, async (c) => {
    const { q, limit } = c.req.valid('query');
    return c.json(await chats.searchHistory(q, limit), 200);
  });
}
