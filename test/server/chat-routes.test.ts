import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server/serve.js';
import { ChatStore } from '../../src/store/chats.js';
import { openDatabase } from '../../src/store/database.js';
import { freshDataDir } from '../cli/run-cli.js';
import type { ModelServer } from '../fakes/model-server.js';
import { type ServedWithFakes, serveWithFakes } from './serve-with-fakes.js';

/** Reads a server-sent event stream into its events' data. */
async function events(response: Response): Promise<{ type: string; [key: string]: unknown }[]> {
  const text = await response.text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)));
}

describe('chats over the API', () => {
  let served: ServedWithFakes;
  let server: RunningServer;
  let model: ModelServer;
  const dataDir = freshDataDir();

  beforeAll(async () => {
    served = await serveWithFakes({ dataDir });
    ({ server, model } = served);
  });
  afterAll(() => served.close());
  beforeEach(() => served.reset());

  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('streams a turn as server-sent events and stores both messages with the activity', async () => {
    const chat = (await (await call('POST', '/api/chats', {})).json()) as { id: string };
    model.script([
      {
        kind: 'tool-calls',
        calls: [{ name: 'web_search', arguments: { query: 'tokio release' } }],
      },
      { kind: 'text', text: 'Tokio 1.48 came out in November.' },
    ]);
    const response = await call('POST', `/api/chats/${chat.id}/messages`, {
      content: 'When did tokio 1.48 come out?',
    });
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
    const list = await events(response);
    expect(list.map((event) => event.type)).toEqual(
      expect.arrayContaining(['tool-start', 'tool-done', 'content', 'done']),
    );

    const stored = (await (await call('GET', `/api/chats/${chat.id}`)).json()) as {
      title: string;
      messages: {
        role: string;
        content: string;
        model: string;
        activity: { kind: string; target: string; sources: { title: string }[] }[];
      }[];
    };
    expect(stored.title).toBe('When did tokio 1.48 come out?');
    expect(stored.messages.map((message) => [message.role, message.content])).toEqual([
      ['user', 'When did tokio 1.48 come out?'],
      ['assistant', 'Tokio 1.48 came out in November.'],
    ]);
    expect(stored.messages[1]?.model).toBe('qwen3.5-9b');
    expect(stored.messages[1]?.activity[0]).toMatchObject({
      kind: 'search',
      target: 'tokio release',
    });

    // History finds what was written, never the web text beside it.
    const hits = (await (await call('GET', '/api/history?q=November')).json()) as {
      chatId: string;
    }[];
    expect(hits.map((hit) => hit.chatId)).toEqual([chat.id]);
    const sourceTitle = stored.messages[1]?.activity[0]?.sources[0]?.title ?? '';
    expect(sourceTitle).toMatch(/friends/);
    expect(await (await call('GET', '/api/history?q=friends')).json()).toEqual([]);
  });

  it('asks again for a question a lost connection left unanswered, without storing it twice', async () => {
    const chat = (await (await call('POST', '/api/chats', {})).json()) as { id: string };
    // What a crash mid-turn leaves: the question stored, no answer after it.
    const database = await openDatabase(dataDir);
    await new ChatStore(database).addMessage(chat.id, { role: 'user', content: 'Still there?' });
    database.close();

    model.script([
      { kind: 'text', text: 'Yes.' },
      { kind: 'text', text: 'Yes, again.' },
    ]);
    await events(
      await call('POST', `/api/chats/${chat.id}/messages`, {
        content: 'Still there?',
        retry: true,
      }),
    );
    const contents = async () =>
      (
        (await (await call('GET', `/api/chats/${chat.id}`)).json()) as {
          messages: { content: string }[];
        }
      ).messages.map((message) => message.content);
    expect(await contents()).toEqual(['Still there?', 'Yes.']);
    // The model saw the question once.
    const asked = model.requests[0]?.body.messages as { role: string; content: string }[];
    expect(asked.filter((message) => message.content === 'Still there?')).toHaveLength(1);

    // A retry of a question that has its answer is a new question.
    await events(
      await call('POST', `/api/chats/${chat.id}/messages`, {
        content: 'Still there?',
        retry: true,
      }),
    );
    expect(await contents()).toEqual(['Still there?', 'Yes.', 'Still there?', 'Yes, again.']);
  });

  it('stores the partial answer when the turn ends on an error', async () => {
    const chat = (await (await call('POST', '/api/chats', {})).json()) as { id: string };
    model.script([
      { kind: 'stream-error', message: 'context size exceeded', text: 'Half an answer' },
    ]);
    const list = await events(
      await call('POST', `/api/chats/${chat.id}/messages`, { content: 'A long question' }),
    );
    expect(list.find((event) => event.type === 'error')).toMatchObject({
      message: expect.stringMatching(/context size/),
    });
    const stored = (await (await call('GET', `/api/chats/${chat.id}`)).json()) as {
      messages: { content: string }[];
    };
    expect(stored.messages.map((message) => message.content)).toEqual([
      'A long question',
      'Half an answer',
    ]);
  });

  it('switches the web tools off from the next turn', async () => {
    const chat = (await (await call('POST', '/api/chats', {})).json()) as { id: string };
    const switched = await (
      await call('PUT', `/api/chats/${chat.id}/builtins`, { off: ['web'] })
    ).json();
    expect(switched).toEqual({
      builtins: [
        { group: 'web', tools: ['web_search', 'web_fetch'], off: true, provider: 'builtin' },
      ],
    });
    model.script([{ kind: 'text', text: 'From memory.' }]);
    await events(await call('POST', `/api/chats/${chat.id}/messages`, { content: 'hello' }));
    expect(model.requests[0]?.body).not.toHaveProperty('tools');
    const tools = (await (await call('GET', `/api/chats/${chat.id}/tools`)).json()) as {
      builtins: { off: boolean }[];
    };
    expect(tools.builtins[0]?.off).toBe(true);
  });

  it('starts a chat titled as asked, shortened as stored, and says while its turn runs', async () => {
    const question = `What changed in tokio ${'and its friends '.repeat(10)}this year?`;
    const created = (await (await call('POST', '/api/chats', { title: question })).json()) as {
      id: string;
      title: string;
    };
    expect(created.title.length).toBeLessThanOrEqual(80);
    expect(created.title).toMatch(/^What changed in tokio and its friends .*…$/);
    const listed = (await (await call('GET', '/api/chats')).json()) as { title: string }[];
    expect(listed.map((chat) => chat.title)).toContain(created.title);

    const answering = async () =>
      ((await (await call('GET', `/api/chats/${created.id}`)).json()) as { answering: boolean })
        .answering;
    expect(await answering()).toBe(false);
    model.script([{ kind: 'text', text: 'Slowly.', pace: { firstMs: 400, pieceMs: 10 } }]);
    const turn = call('POST', `/api/chats/${created.id}/messages`, { content: question });
    await expect.poll(answering).toBe(true);
    await events(await turn);
    expect(await answering()).toBe(false);
  });

  it('renames, lists and deletes chats; unknown ids are 404', async () => {
    const chat = (await (await call('POST', '/api/chats', { title: 'First' })).json()) as {
      id: string;
      title: string;
    };
    expect(chat.title).toBe('First');
    const renamed = (await (
      await call('PATCH', `/api/chats/${chat.id}`, { title: 'Renamed' })
    ).json()) as {
      title: string;
    };
    expect(renamed.title).toBe('Renamed');
    const listed = (await (await call('GET', '/api/chats')).json()) as { id: string }[];
    expect(listed.map((entry) => entry.id)).toContain(chat.id);
    expect((await call('DELETE', `/api/chats/${chat.id}`)).status).toBe(204);
    expect((await call('GET', `/api/chats/${chat.id}`)).status).toBe(404);
    expect((await call('POST', '/api/chats/nope/messages', { content: 'x' })).status).toBe(404);
    expect((await call('POST', `/api/chats/${chat.id}/messages`, {})).status).toBe(400);
  });
});
