import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamCompletion } from '../../src/chat/stream-completion.js';
import { ToolCallAccumulator } from '../../src/chat/tool-call-fragments.js';
import { type ModelServer, startModelServer } from '../fakes/model-server.js';

describe('ToolCallAccumulator', () => {
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer();
  });
  afterAll(() => server.close());

  it("reassembles llama.cpp's fragments of parallel calls", async () => {
    server.script([
      {
        kind: 'tool-calls',
        calls: [
          { name: 'web_search', arguments: { query: 'tokio latest release', max_results: 5 } },
          { name: 'web_fetch', arguments: { url: 'https://tokio.rs/blog' } },
        ],
      },
    ]);
    const accumulator = new ToolCallAccumulator();
    const stream = streamCompletion({
      upstream: { baseUrl: server.url, model: 'qwen3.5-9b' },
      body: { messages: [{ role: 'user', content: 'tokio?' }] },
    });
    for await (const part of stream) if (part.type === 'tool-fragment') accumulator.add(part);
    const calls = accumulator.calls();
    expect(calls.map((call) => [call.function.name, JSON.parse(call.function.arguments)])).toEqual([
      ['web_search', { query: 'tokio latest release', max_results: 5 }],
      ['web_fetch', { url: 'https://tokio.rs/blog' }],
    ]);
    expect(calls[0]?.id).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(calls[0]?.id).not.toBe(calls[1]?.id);
  });

  it('orders calls by index whatever order their fragments came in', () => {
    const accumulator = new ToolCallAccumulator();
    accumulator.add({
      type: 'tool-fragment',
      index: 1,
      id: 'b',
      name: 'web_fetch',
      arguments: '{"url"',
    });
    accumulator.add({
      type: 'tool-fragment',
      index: 0,
      id: 'a',
      name: 'web_search',
      arguments: '',
    });
    accumulator.add({ type: 'tool-fragment', index: 1, arguments: ':"https://x.test"}' });
    accumulator.add({ type: 'tool-fragment', index: 0, arguments: '{"query":"x"}' });
    expect(accumulator.calls()).toEqual([
      { id: 'a', type: 'function', function: { name: 'web_search', arguments: '{"query":"x"}' } },
      {
        id: 'b',
        type: 'function',
        function: { name: 'web_fetch', arguments: '{"url":"https://x.test"}' },
      },
    ]);
  });

  it('keeps the id and name of the first fragment', () => {
    const accumulator = new ToolCallAccumulator();
    accumulator.add({ type: 'tool-fragment', index: 0, id: 'first', name: 'web_search' });
    accumulator.add({ type: 'tool-fragment', index: 0, name: 'other', arguments: '{}' });
    expect(accumulator.calls()[0]).toMatchObject({ id: 'first', function: { name: 'web_search' } });
  });

  it('gives a call without id a generated one that stays, and empty arguments "{}"', () => {
    const accumulator = new ToolCallAccumulator();
    accumulator.add({ type: 'tool-fragment', index: 2, name: 'web_search' });
    const [call] = accumulator.calls();
    expect(call?.id).toMatch(/^call_2_[0-9a-f]{8}$/);
    expect(call?.function.arguments).toBe('{}');
    expect(accumulator.calls()[0]?.id).toBe(call?.id);
  });

  it('starts a new call when a different id arrives at a taken index', () => {
    const accumulator = new ToolCallAccumulator();
    accumulator.add({
      type: 'tool-fragment',
      index: 0,
      id: 'call_a',
      name: 'web_search',
      arguments: '{"query":"a"}',
    });
    accumulator.add({
      type: 'tool-fragment',
      index: 0,
      id: 'call_b',
      name: 'web_search',
      arguments: '{"query":"b"}',
    });
    expect(accumulator.calls().map((call) => [call.id, call.function.arguments])).toEqual([
      ['call_a', '{"query":"a"}'],
      ['call_b', '{"query":"b"}'],
    ]);
  });

  it('has no calls before any fragment', () => {
    expect(new ToolCallAccumulator().calls()).toEqual([]);
  });
});
