import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { HIGHLIGHT, historyQuery } from '../../src/store/sqlite.js';
import type { WebActivity } from '../../src/types.js';
import { openChatStore } from './open-chat-store.js';
import { useTemporaryDirectories } from './temporary-directory.js';

const temporaryDirectory = useTemporaryDirectories();

const webText: WebActivity[] = [
  {
    kind: 'fetch',
    target: 'https://zebrafish.example.org/',
    ok: true,
    summary: 'zebrafish.example.org, 12,345 chars',
    sources: [{ title: 'Zebrafish husbandry', url: 'https://zebrafish.example.org/', snippet: '' }],
  },
];

async function storeWithHistory() {
  const opened = await openChatStore(':memory:');
  const chat = await opened.chats.createChat();
  const question = await opened.chats.addMessage(chat.id, {
    role: 'user',
    content: 'How warm should an aquarium for tropical fish be?',
  });
  await opened.chats.addMessage(chat.id, {
    role: 'assistant',
    content: 'Most tropical fish like 24 to 27 degrees.',
    reasoning: 'the unmentionable ocelot',
    activity: webText,
  });
  return { ...opened, chat, question };
}

describe('history search', () => {
  it('finds what people and models wrote, with its chat and a highlighted snippet', async () => {
    const { chats, chat, question, close } = await storeWithHistory();
    const hits = await chats.searchHistory('aquarium');
    expect(hits).toEqual([
      {
        chatId: chat.id,
        chatTitle: 'How warm should an aquarium for tropical fish be?',
        messageId: question?.id,
        role: 'user',
        snippet: `How warm should an ${HIGHLIGHT.start}aquarium${HIGHLIGHT.end} for tropical fish be?`,
        createdAt: question?.createdAt,
      },
    ]);
    expect((await chats.searchHistory('tropical fish')).map(({ role }) => role).sort()).toEqual([
      'assistant',
      'user',
    ]);
    close();
  });

  it('never finds web text or reasoning', async () => {
    const { chats, close } = await storeWithHistory();
    expect(await chats.searchHistory('zebrafish')).toEqual([]);
    expect(await chats.searchHistory('husbandry')).toEqual([]);
    expect(await chats.searchHistory('ocelot')).toEqual([]);
    close();
  });

  it('forgets the messages of a deleted chat', async () => {
    const { database, chats, chat, close } = await storeWithHistory();
    await chats.deleteChat(chat.id);
    expect(await chats.searchHistory('aquarium')).toEqual([]);
    // The index itself, not only the join to messages, has let the rows go.
    const { rows } =
      await sql`select rowid from message_search where message_search match 'aquarium'`.execute(
        database.db,
      );
    expect(rows).toEqual([]);
    close();
  });

  it('indexes messages written before the index existed', async () => {
    const dataDir = temporaryDirectory();
    const old = await openChatStore(dataDir, { migrateUpTo: 2 });
    const chat = await old.chats.createChat();
    await old.chats.addMessage(chat.id, { role: 'user', content: 'remember the marmalade' });
    old.close();
    const current = await openChatStore(dataDir);
    expect(await current.chats.searchHistory('marmalade')).toHaveLength(1);
    current.close();
  });

  it('survives queries written in FTS syntax', async () => {
    const { chats, close } = await storeWithHistory();
    const hostile = ['"', 'fish AND', 'NEAR(', '*', '-x', 'col:val', 'a"b', '(fish', 'OR', '^', ''];
    for (const query of hostile) {
      await expect(chats.searchHistory(query), query).resolves.toBeInstanceOf(Array);
    }
    expect(await chats.searchHistory('fish AND')).toHaveLength(2);
    expect(await chats.searchHistory('  ')).toEqual([]);
    close();
  });

  it('bounds the number of hits', async () => {
    const { chats, close } = await storeWithHistory();
    expect(await chats.searchHistory('fish', 1)).toHaveLength(1);
    expect(await chats.searchHistory('fish', 0)).toHaveLength(1);
    close();
  });
});

describe('historyQuery', () => {
  it('quotes each word as a phrase and drops quotes, operators and bare symbols', () => {
    expect(historyQuery('tropical fish')).toBe('"tropical" "fish"');
    expect(historyQuery('say "hi" AND NOT bye * -x col:val')).toBe(
      '"say" "hi" "bye" "-x" "col:val"',
    );
    expect(historyQuery('" * ( ) -')).toBe('');
  });
});
