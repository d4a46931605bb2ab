import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoverLeakedCalls } from '../../src/chat/recover-leaked-calls.js';
import { streamCompletion } from '../../src/chat/stream-completion.js';
import type { StreamPart } from '../../src/chat/types.js';
import { type ModelServer, type Step, startModelServer } from '../fakes/model-server.js';

const TOOLS = ['web_search', 'web_fetch'];

const QWEN_XML = [
  '<tool_call>',
  '<function=web_search>',
  '<parameter=query>',
  'tokio latest release',
  '</parameter>',
  '<parameter=max_results>',
  '5',
  '</parameter>',
  '</function>',
  '</tool_call>',
].join('\n');

const SEARCH = { name: 'web_search', arguments: { query: 'tokio latest release', max_results: 5 } };

describe('recoverLeakedCalls', () => {
  it('recovers Hermes JSON and keeps the text around it', () => {
    const text = `I'll look that up.\n<tool_call>\n${JSON.stringify(SEARCH)}\n</tool_call>`;
    expect(recoverLeakedCalls(text, TOOLS)).toEqual({
      calls: [SEARCH],
      text: "I'll look that up.",
    });
  });

  it('reads arguments given as JSON text or under "parameters"', () => {
    const asText = `<tool_call>{"name":"web_search","arguments":"{\\"query\\":\\"a\\"}"}</tool_call>`;
    const asParameters = `<tool_call>{"name":"web_search","parameters":{"query":"b"}}</tool_call>`;
    expect(recoverLeakedCalls(asText + asParameters, TOOLS).calls).toEqual([
      { name: 'web_search', arguments: { query: 'a' } },
      { name: 'web_search', arguments: { query: 'b' } },
    ]);
  });

  it('recovers the Qwen3-Coder / Qwen3.5 XML form with raw and JSON-looking values', () => {
    const text = [
      'Before.',
      '<tool_call>',
      '<function=web_fetch>',
      '<parameter=url>',
      'https://tokio.rs/',
      '</parameter>',
      '<parameter=note>',
      'two',
      'lines',
      '</parameter>',
      '<parameter=options>',
      '{"full": true, "pages": [1, 2]}',
      '</parameter>',
      '<parameter=fresh>',
      'false',
      '</parameter>',
      '</function>',
      '</tool_call>',
      'After.',
    ].join('\n');
    expect(recoverLeakedCalls(text, TOOLS)).toEqual({
      calls: [
        {
          name: 'web_fetch',
          arguments: {
            url: 'https://tokio.rs/',
            note: 'two\nlines',
            options: { full: true, pages: [1, 2] },
            fresh: false,
          },
        },
      ],
      text: 'Before.\n\nAfter.',
    });
  });

  it('recovers several calls one after another, in order', () => {
    const second = QWEN_XML.replace('tokio latest release', 'axum');
    const { calls, text } = recoverLeakedCalls(`${QWEN_XML}\n${second}`, TOOLS);
    expect(calls.map((call) => call.arguments.query)).toEqual(['tokio latest release', 'axum']);
    expect(text).toBe('');
  });

  it('recovers a bare <function=NAME> block, <function name="NAME"> and <function_call>', () => {
    const bare = '<function=web_search>\n<parameter=query>\nrust\n</parameter>\n</function>';
    const named = '<function name="web_fetch">{"url": "https://a.test"}</function>';
    const wrapped =
      '<function_call>{"name": "web_search", "arguments": {"query": "go"}}</function_call>';
    expect(recoverLeakedCalls(`A ${bare} B ${named} C ${wrapped} D`, TOOLS)).toEqual({
      calls: [
        { name: 'web_search', arguments: { query: 'rust' } },
        { name: 'web_fetch', arguments: { url: 'https://a.test' } },
        { name: 'web_search', arguments: { query: 'go' } },
      ],
      text: 'A  B  C  D',
    });
  });

  it('leaves a bare <function=...> of an unknown name as text', () => {
    const text = 'In this format, write <function=get_weather>...</function> to call it.';
    expect(recoverLeakedCalls(text, TOOLS)).toEqual({ calls: [], text });
  });

  it('reports a wrapped call of an unknown name so the loop can answer "unknown tool"', () => {
    const text = '<tool_call>{"name": "python", "arguments": {"code": "1+1"}}</tool_call>';
    expect(recoverLeakedCalls(text, TOOLS)).toEqual({
      calls: [{ name: 'python', arguments: { code: '1+1' } }],
      text: '',
    });
  });

  it('recovers a call the stream cut once its arguments are complete', () => {
    const json = `Let me check.\n<tool_call>\n${JSON.stringify(SEARCH)}`;
    const xml = QWEN_XML.replace(/\n<\/function>\n<\/tool_call>$/, '\n</func');
    expect(recoverLeakedCalls(json, TOOLS)).toEqual({ calls: [SEARCH], text: 'Let me check.' });
    expect(recoverLeakedCalls(xml, TOOLS)).toEqual({ calls: [SEARCH], text: '' });
  });

  it('drops a call the stream cut inside its arguments, and its markup', () => {
    const json = 'Let me check.\n<tool_call>\n{"name": "web_search", "arguments": {"query": "tok';
    const xml = '<tool_call>\n<function=web_search>\n<parameter=query>\ntokio lat';
    const nextParameter = QWEN_XML.replace(/<\/function>\n<\/tool_call>$/, '<parameter=ma');
    expect(recoverLeakedCalls(json, TOOLS)).toEqual({ calls: [], text: 'Let me check.' });
    expect(recoverLeakedCalls(xml, TOOLS)).toEqual({ calls: [], text: '' });
    expect(recoverLeakedCalls(nextParameter, TOOLS)).toEqual({ calls: [], text: '' });
  });

  it('removes a block that holds no call, and stray tags', () => {
    const text = 'Sure.<tool_call>I think I should search.</tool_call> Done.</tool_call>';
    expect(recoverLeakedCalls(text, TOOLS)).toEqual({ calls: [], text: 'Sure. Done.' });
  });

  it('leaves thinking and plain text alone', () => {
    const text = '<think>Should I search?</think>\nNo need: 2 + 2 = 4.';
    expect(recoverLeakedCalls(text, TOOLS)).toEqual({ calls: [], text });
  });
});

describe('recoverLeakedCalls on streamed answers', () => {
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer();
  });
  afterAll(() => server.close());

  async function answer(step: Step): Promise<StreamPart[]> {
    server.script([step]);
    const parts: StreamPart[] = [];
    const stream = streamCompletion({
      upstream: { baseUrl: server.url, model: 'qwen3.5-9b' },
      body: { messages: [{ role: 'user', content: 'tokio?' }], tools: [] },
    });
    for await (const part of stream) parts.push(part);
    return parts;
  }

  const textOf = (parts: StreamPart[], type: 'reasoning' | 'content') =>
    parts.map((part) => (part.type === type ? part.text : '')).join('');

  it('finds a call leaked into content, with finish_reason stop', async () => {
    const parts = await answer({ kind: 'text', text: `I'll look that up.\n${QWEN_XML}` });
    expect(parts).toContainEqual({ type: 'finish', reason: 'stop' });
    expect(parts.some((part) => part.type === 'tool-fragment')).toBe(false);
    expect(recoverLeakedCalls(textOf(parts, 'content'), TOOLS)).toEqual({
      calls: [SEARCH],
      text: "I'll look that up.",
    });
  });

  it("recovers llamachat's second call: XML in reasoning_content, empty content, stop", async () => {
    const reasoning = `The first results are thin. I should search again.\n\n${QWEN_XML}`;
    const parts = await answer({ kind: 'text', reasoning, text: '' });
    expect(textOf(parts, 'content')).toBe('');
    expect(parts.filter((part) => part.type === 'finish')).toEqual([
      { type: 'finish', reason: 'stop' },
    ]);
    expect(recoverLeakedCalls(textOf(parts, 'reasoning'), TOOLS)).toEqual({
      calls: [SEARCH],
      text: 'The first results are thin. I should search again.',
    });
  });

  it('finds a Hermes call leaked into Ollama reasoning', async () => {
    const ollama = await startModelServer({ flavor: 'ollama' });
    try {
      ollama.script([
        {
          kind: 'text',
          reasoning: `<tool_call>\n${JSON.stringify(SEARCH)}\n</tool_call>`,
          text: '',
        },
      ]);
      const parts: StreamPart[] = [];
      const stream = streamCompletion({
        upstream: { baseUrl: ollama.url, model: 'qwen3' },
        body: { messages: [] },
      });
      for await (const part of stream) parts.push(part);
      expect(recoverLeakedCalls(textOf(parts, 'reasoning'), TOOLS)).toEqual({
        calls: [SEARCH],
        text: '',
      });
    } finally {
      await ollama.close();
    }
  });
});
