import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { WebActivity } from '../../src/types.js';
import { openChatStore } from './open-chat-store.js';
import { useTemporaryDirectories } from './temporary-directory.js';

const temporaryDirectory = useTemporaryDirectories();

const activity: WebActivity[] = [
  {
    kind: 'search',
    target: 'linux kernel release',
    ok: true,
    summary: '1 result from html.duckduckgo.com (duckduckgo)',
    sources: [{ title: 'Kernel archives', url: 'https://kernel.org/', snippet: 'Stable 7.1.5' }],
  },
];

describe('ChatStore', () => {
  it('creates chats titled after their first message, newest updated first', async () => {
    const { chats, close } = await openChatStore(':memory:');
    const first = await chats.createChat('What is new in Linux?\nAnd why?');
    const second = await chats.createChat();
    expect(first.title).toBe('What is new in Linux?');
    expect(second).toMatchObject({ title: '', webOff: false });
    await chats.addMessage(first.id, { role: 'user', content: 'hello' });
    expect((await chats.listChats()).map(({ id }) => id)).toEqual([first.id, second.id]);
    close();
  });

  it('keeps messages in order with their reasoning, model, usage and activity', async () => {
    const { chats, close } = await openChatStore(':memory:');
    const chat = await chats.createChat();
    await chats.addMessage(chat.id, { role: 'user', content: 'Latest kernel?' });
    const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
    const reply = { role: 'assistant' as const, content: '7.1.5', reasoning: 'look it up' };
    await chats.addMessage(chat.id, { ...reply, model: 'qwen', usage, activity });
    const stored = await chats.getChat(chat.id);
    expect(stored?.title).toBe('Latest kernel?');
    expect(stored?.messages).toMatchObject([
      { role: 'user', content: 'Latest kernel?', reasoning: '', model: '', activity: [] },
      { ...reply, model: 'qwen', usage, activity },
    ]);
    expect(stored?.messages[0]).not.toHaveProperty('usage');
    close();
  });

  it('names an unnamed chat after its first user message only', async () => {
    const { chats, close } = await openChatStore(':memory:');
    const chat = await chats.createChat();
    await chats.addMessage(chat.id, { role: 'assistant', content: 'Hi, ask me anything' });
    expect((await chats.getChat(chat.id))?.title).toBe('');
    await chats.addMessage(chat.id, { role: 'user', content: `  ${'word '.repeat(30)}` });
    await chats.addMessage(chat.id, { role: 'user', content: 'second question' });
    const title = (await chats.getChat(chat.id))?.title ?? '';
    expect(title.length).toBeLessThanOrEqual(80);
    expect(title).toMatch(/^word( word)+…$/);
    close();
  });

  it('renames, switches the web off and deletes, messages included', async () => {
    const { database, chats, close } = await openChatStore(':memory:');
    const chat = await chats.createChat('old');
    await chats.addMessage(chat.id, { role: 'user', content: 'to be deleted' });
    expect(await chats.renameChat(chat.id, 'new name')).toBe(true);
    expect(await chats.setWebOff(chat.id, true)).toBe(true);
    expect(await chats.getChat(chat.id)).toMatchObject({ title: 'new name', webOff: true });
    expect(await chats.deleteChat(chat.id)).toBe(true);
    expect(await chats.getChat(chat.id)).toBeUndefined();
    const left = await database.db.selectFrom('messages').selectAll().execute();
    expect(left).toEqual([]);
    close();
  });

  it('answers undefined or false for an unknown id', async () => {
    const { chats, close } = await openChatStore(':memory:');
    const unknown = 'no-such-chat';
    expect(await chats.getChat(unknown)).toBeUndefined();
    expect(await chats.renameChat(unknown, 'x')).toBe(false);
    expect(await chats.setWebOff(unknown, true)).toBe(false);
    expect(await chats.deleteChat(unknown)).toBe(false);
    expect(await chats.addMessage(unknown, { role: 'user', content: 'x' })).toBeUndefined();
    close();
  });

  it('reads a message written before the activity migration as having no activity', async () => {
    const dataDir = temporaryDirectory();
    const old = await openChatStore(dataDir, { migrateUpTo: 1 });
    const chat = await old.chats.createChat('from an older lookout');
    // The row as version 1 of the schema had it: there is no activity column yet.
    await sql`insert into messages (chat_id, role, content, created_at)
      values (${chat.id}, 'assistant', 'an answer from before', ${new Date().toISOString()})`.execute(
      old.database.db,
    );
    old.close();

    const current = await openChatStore(dataDir);
    const [message] = (await current.chats.getChat(chat.id))?.messages ?? [];
    expect(message).toMatchObject({ content: 'an answer from before', activity: [] });
    current.close();
  });
});
