import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompletionRequest, streamCompletion } from '../../src/chat/stream-completion.js';
import { ToolCallAccumulator } from '../../src/chat/tool-call-fragments.js';
import type { StreamPart } from '../../src/chat/types.js';
import { closedPort } from '../fakes/http-fake.js';
import {
  FAKE_USAGE,
  type ModelServer,
  type ModelServerOptions,
  type Step,
  startModelServer,
} from '../fakes/model-server.js';

const MODEL = 'qwen3.5-9b';
const MESSAGES = [{ role: 'user', content: 'latest tokio release?' }];
const CLOSED_EARLY = 'the model server closed the stream before the answer ended';

/** Runs one scripted answer through streamCompletion; `seen` keeps the parts that came before any error. */
async function ask(
  server: ModelServer,
  step: Step,
  options: Partial<CompletionRequest> = {},
  seen: StreamPart[] = [],
): Promise<StreamPart[]> {
  server.script([step]);
  const request = {
    upstream: { baseUrl: server.url, model: MODEL },
    body: { messages: MESSAGES },
    ...options,
  };
  for await (const part of streamCompletion(request)) seen.push(part);
  return seen;
}

const textOf = (parts: StreamPart[], type: 'reasoning' | 'content') =>
  parts.map((part) => (part.type === type ? part.text : '')).join('');

function callsOf(parts: StreamPart[]) {
  const calls = new ToolCallAccumulator();
  for (const part of parts) if (part.type === 'tool-fragment') calls.add(part);
  return calls.calls();
}

function withServer(options: ModelServerOptions, run: (server: () => ModelServer) => void) {
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer(options);
  });
  afterAll(() => server.close());
  run(() => server);
}

describe('streamCompletion against llama.cpp', () => {
  withServer({}, (server) => {
    it('yields reasoning, then content, finish and usage, and sends a streaming request', async () => {
      const parts = await ask(server(), {
        kind: 'text',
        reasoning: 'The user asks for a release.',
        text: 'Tokio 1.47 is the latest.',
      });
      expect(textOf(parts, 'reasoning')).toBe('The user asks for a release.');
      expect(textOf(parts, 'content')).toBe('Tokio 1.47 is the latest.');
      expect(parts.findIndex((part) => part.type === 'content')).toBeGreaterThan(
        parts.findIndex((part) => part.type === 'reasoning'),
      );
      expect(parts.slice(-2)).toEqual([
        { type: 'finish', reason: 'stop' },
        { type: 'usage', usage: FAKE_USAGE },
      ]);
      const request = server().requests.at(-1);
      expect(request?.body).toEqual({
        model: MODEL,
        messages: MESSAGES,
        stream: true,
        stream_options: { include_usage: true },
      });
      expect(request?.headers.accept).toBe('text/event-stream');
      expect(request?.headers['content-type']).toBe('application/json');
      expect(request?.headers.authorization).toBeUndefined();
    });

    it('sends the key as a bearer token only when one is set', async () => {
      await ask(
        server(),
        { kind: 'text', text: 'hi' },
        { upstream: { baseUrl: server().url, model: MODEL, key: 'sk-local' } },
      );
      expect(server().requests.at(-1)?.headers.authorization).toBe('Bearer sk-local');
    });

    it('yields the fragments of a split tool call, which reassemble', async () => {
      const parts = await ask(server(), {
        kind: 'tool-calls',
        calls: [{ name: 'web_search', arguments: { query: 'tokio latest release' }, id: 'v2dhX8' }],
      });
      const fragments = parts.filter((part) => part.type === 'tool-fragment');
      expect(fragments.length).toBeGreaterThan(2);
      expect(fragments[0]).toEqual({
        type: 'tool-fragment',
        index: 0,
        id: 'v2dhX8',
        name: 'web_search',
        arguments: '',
      });
      expect(fragments[1]).toEqual({ type: 'tool-fragment', index: 0, arguments: '{"query' });
      expect(callsOf(parts)).toEqual([
        {
          id: 'v2dhX8',
          type: 'function',
          function: { name: 'web_search', arguments: '{"query":"tokio latest release"}' },
        },
      ]);
      expect(parts).toContainEqual({ type: 'finish', reason: 'tool_calls' });
    });

    it('yields parallel calls by index', async () => {
      const parts = await ask(server(), {
        kind: 'tool-calls',
        calls: [
          { name: 'web_search', arguments: { query: 'tokio' } },
          { name: 'web_fetch', arguments: { url: 'https://tokio.rs/' } },
        ],
      });
      const calls = callsOf(parts);
      expect(calls.map((call) => call.function.name)).toEqual(['web_search', 'web_fetch']);
      expect(JSON.parse(calls[1]?.function.arguments ?? '')).toEqual({ url: 'https://tokio.rs/' });
    });

    it('turns arguments sent as an object into JSON text', async () => {
      const parts = await ask(server(), {
        kind: 'tool-calls',
        calls: [{ name: 'web_search', arguments: { query: 'tokio', max_results: 5 } }],
        argumentsAsObject: true,
      });
      expect(callsOf(parts)[0]?.function.arguments).toBe('{"query":"tokio","max_results":5}');
    });

    it('yields a JSON completion from a server that ignored stream: true', async () => {
      const parts = await ask(server(), {
        kind: 'json',
        reasoning: 'Search first.',
        calls: [
          { name: 'web_search', arguments: { query: 'a' } },
          { name: 'web_search', arguments: { query: 'b' } },
        ],
      });
      expect(textOf(parts, 'reasoning')).toBe('Search first.');
      expect(callsOf(parts).map((call) => call.function.arguments)).toEqual([
        '{"query":"a"}',
        '{"query":"b"}',
      ]);
      expect(parts.slice(-2)).toEqual([
        { type: 'finish', reason: 'tool_calls' },
        { type: 'usage', usage: FAKE_USAGE },
      ]);
    });
  });
});

describe('streamCompletion usage placement', () => {
  withServer({ usage: 'finish' }, (server) => {
    it('reads usage from the finish chunk and ignores timings', async () => {
      const parts = await ask(server(), { kind: 'text', text: 'Hello!' });
      expect(parts).toEqual([
        { type: 'content', text: 'Hello!' },
        { type: 'finish', reason: 'stop' },
        { type: 'usage', usage: FAKE_USAGE },
      ]);
    });
  });

  withServer({ usage: 'none' }, (server) => {
    it('ends without usage when the server sends none', async () => {
      const parts = await ask(server(), { kind: 'text', text: 'Hello!' });
      expect(parts.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
    });
  });
});

describe('streamCompletion against Ollama', () => {
  withServer({ flavor: 'ollama' }, (server) => {
    it('reads `delta.reasoning` and skips empty content', async () => {
      const parts = await ask(server(), { kind: 'text', reasoning: 'Think.', text: 'Answer.' });
      expect(parts).toEqual([
        { type: 'reasoning', text: 'Think.' },
        { type: 'content', text: 'Answer.' },
        { type: 'finish', reason: 'stop' },
        { type: 'usage', usage: FAKE_USAGE },
      ]);
    });

    it('reads each tool call whole from one chunk', async () => {
      const parts = await ask(server(), {
        kind: 'tool-calls',
        calls: [
          { name: 'web_search', arguments: { query: 'tokio' } },
          { name: 'web_search', arguments: { query: 'axum' } },
        ],
      });
      const fragments = parts.filter((part) => part.type === 'tool-fragment');
      expect(fragments).toHaveLength(2);
      expect(fragments[0]?.id).toMatch(/^call_/);
      expect(callsOf(parts).map((call) => call.function.arguments)).toEqual([
        '{"query":"tokio"}',
        '{"query":"axum"}',
      ]);
    });

    it("quotes Ollama's error body", async () => {
      await expect(
        ask(server(), {
          kind: 'http-error',
          status: 404,
          message: 'model "qwen9" not found, try pulling it first',
        }),
      ).rejects.toMatchObject({
        name: 'UpstreamError',
        message:
          'the model server answered HTTP 404: model "qwen9" not found, try pulling it first',
        status: 404,
      });
      await expect(
        ask(server(), {
          kind: 'http-error',
          status: 404,
          message: '',
          body: { error: "model 'qwen9' not found" },
        }),
      ).rejects.toMatchObject({
        message: "the model server answered HTTP 404: model 'qwen9' not found",
      });
    });
  });
});

describe('streamCompletion failures', () => {
  withServer({}, (server) => {
    it('names the server it could not reach', async () => {
      const baseUrl = `http://127.0.0.1:${await closedPort()}/v1`;
      const stream = streamCompletion({ upstream: { baseUrl, model: MODEL }, body: {} });
      await expect(stream.next()).rejects.toMatchObject({
        name: 'UpstreamError',
        message: `could not reach the model server at ${baseUrl} (connection refused)`,
        status: undefined,
      });
    });

    it("quotes llama.cpp's error body with the status", async () => {
      await expect(
        ask(server(), {
          kind: 'http-error',
          status: 503,
          message: 'Loading model',
          type: 'unavailable_error',
        }),
      ).rejects.toMatchObject({
        message: 'the model server answered HTTP 503: Loading model',
        status: 503,
      });
    });

    it('gives the status alone when the error body is a page', async () => {
      await expect(
        ask(server(), {
          kind: 'raw',
          status: 502,
          contentType: 'text/html',
          body: '<html><h1>502</h1></html>',
        }),
      ).rejects.toMatchObject({
        message: 'the model server answered HTTP 502 Bad Gateway',
        status: 502,
      });
    });

    it('throws on an `error:` line mid-stream, after what came before it', async () => {
      const message = 'the request exceeds the available context size, try increasing it';
      const seen: StreamPart[] = [];
      await expect(
        ask(
          server(),
          {
            kind: 'stream-error',
            text: 'Partial',
            message,
            code: 400,
            type: 'exceed_context_size_error',
          },
          {},
          seen,
        ),
      ).rejects.toMatchObject({
        message: `the model server reported an error: ${message}`,
        status: 400,
      });
      expect(textOf(seen, 'content')).toBe('Partial');
    });

    it('throws on a `data: {"error": ...}` event mid-stream', async () => {
      await expect(
        ask(server(), {
          kind: 'stream-error',
          as: 'data',
          message: 'an error was encountered while running the model',
        }),
      ).rejects.toMatchObject({
        message:
          'the model server reported an error: an error was encountered while running the model',
      });
    });

    it('throws when the connection drops mid-stream', async () => {
      const seen: StreamPart[] = [];
      await expect(
        ask(server(), { kind: 'disconnect', text: 'Tokio is' }, {}, seen),
      ).rejects.toMatchObject({
        name: 'UpstreamError',
        message: CLOSED_EARLY,
      });
    });

    it('throws when the stream ends with no finish reason nor [DONE]', async () => {
      await expect(
        ask(server(), { kind: 'disconnect', text: 'Tokio is', how: 'end' }),
      ).rejects.toMatchObject({
        message: CLOSED_EARLY,
      });
    });

    it('throws on a chunk that is not JSON', async () => {
      await expect(
        ask(server(), { kind: 'non-json-chunk', text: 'Hi', data: 'oops{' }),
      ).rejects.toMatchObject({
        message: 'the model server sent a chunk that is not JSON: oops{',
      });
    });

    it('throws on a body that is neither a stream nor JSON', async () => {
      await expect(
        ask(server(), {
          kind: 'raw',
          status: 200,
          contentType: 'text/html',
          body: '<html>login</html>',
        }),
      ).rejects.toMatchObject({
        message: 'the model server answered with text/html, not a stream',
      });
    });

    it('throws on JSON that is not a completion', async () => {
      await expect(
        ask(server(), {
          kind: 'raw',
          status: 200,
          contentType: 'application/json',
          body: '{"status":"ok"}',
        }),
      ).rejects.toMatchObject({
        message: 'the model server answered with JSON that is not a completion',
      });
    });
  });
});

describe('a model server that goes quiet', () => {
  // Node's fetch waits 5 minutes; a dispatcher with short timeouts shows the words in a moment.
  const impatient: typeof fetch = (input, init) =>
    fetch(input, {
      ...init,
      dispatcher: new Agent({ headersTimeout: 300, bodyTimeout: 300 }),
      // undici's own Agent: its types differ from those of Node's bundled copy.
    } as unknown as RequestInit);
  withServer({}, (server) => {
    it('says it sent no answer in time when it takes the request and says nothing', async () => {
      await expect(ask(server(), { kind: 'stall' }, { fetch: impatient })).rejects.toMatchObject({
        name: 'UpstreamError',
        message: expect.stringMatching(/sent no answer in time/),
      });
    });
    it('says it stopped sending when the stream goes quiet mid-answer', async () => {
      const seen: StreamPart[] = [];
      await expect(
        ask(server(), { kind: 'stall', afterHeaders: true }, { fetch: impatient }, seen),
      ).rejects.toMatchObject({ message: expect.stringMatching(/stopped sending/) });
    });
  });
});

describe('streamCompletion abort', () => {
  withServer({}, (server) => {
    for (const afterHeaders of [false, true]) {
      it(`ends a stalled request ${afterHeaders ? 'mid-body' : 'before the headers'} and rethrows the AbortError`, async () => {
        const controller = new AbortController();
        const before = server().requests.length;
        const asked = ask(server(), { kind: 'stall', afterHeaders }, { signal: controller.signal });
        await expect.poll(() => server().requests.length).toBe(before + 1);
        controller.abort();
        await expect(asked).rejects.toMatchObject({ name: 'AbortError' });
        await server().requests.at(-1)?.closed;
      });
    }
  });
});
