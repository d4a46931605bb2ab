import { describe, expect, it } from 'vitest';
import type { ChatEvent, WebActivity } from '../src/api/types.js';
import { applyEvent, startTurn, statusLine } from '../src/chat/live-turn.js';

const found: WebActivity = {
  kind: 'search',
  target: 'tokio',
  ok: true,
  summary: '1 result',
  sources: [{ title: 'Tokio', url: 'https://tokio.rs/', snippet: '' }],
};

const play = (events: ChatEvent[]) => events.reduce(applyEvent, startTurn('q'));

describe('a turn as it streams', () => {
  it('shows the running calls as a status line, the latest first, and each ended call in order', () => {
    const running = play([
      { type: 'tool-start', id: 'a', name: 'web_search', arguments: { query: 'tokio' } },
      { type: 'tool-start', id: 'b', name: 'web_fetch', arguments: { url: 'https://docs.rs/x' } },
    ]);
    expect(statusLine(running)).toBe('reading docs.rs…');
    const oneDone = applyEvent(running, {
      type: 'tool-done',
      id: 'b',
      name: 'web_fetch',
      ok: true,
      summary: 'docs.rs',
      activity: { ...found, kind: 'fetch', target: 'https://docs.rs/x' },
    });
    expect(statusLine(oneDone)).toBe('searching: tokio…');
    const allDone = applyEvent(oneDone, {
      type: 'tool-done',
      id: 'a',
      name: 'web_search',
      ok: true,
      summary: '1 result',
      activity: found,
    });
    expect(statusLine(allDone)).toBeUndefined();
    expect(allDone.activity.map((entry) => entry.kind)).toEqual(['fetch', 'search']);
  });

  it('adds up reasoning and content, keeps an error, and takes the final word from done', () => {
    const turn = play([
      { type: 'reasoning', text: 'Let me ' },
      { type: 'reasoning', text: 'look.' },
      { type: 'content', text: 'Tok' },
      { type: 'content', text: 'io <tool_call>' },
      { type: 'error', message: 'the model server stopped', code: 'upstream' },
      {
        type: 'done',
        content: 'Tokio',
        reasoning: 'Let me look.',
        activity: [found],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      },
    ]);
    expect(turn).toMatchObject({
      reasoning: 'Let me look.',
      content: 'Tokio',
      done: true,
      error: { message: 'the model server stopped', code: 'upstream' },
    });
    expect(turn.activity).toEqual([found]);
  });
});
