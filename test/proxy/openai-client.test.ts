import { setTimeout as delay } from 'node:timers/promises';
import OpenAI from 'openai';
import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server/serve.js';
import type { EngineFakes } from '../fakes/engines.js';
import { FAKE_USAGE, type ModelServer } from '../fakes/model-server.js';
import { type ServedWithFakes, serveWithFakes } from '../server/serve-with-fakes.js';

/** What lookout adds to OpenAI's shapes: reasoning beside the content, and its extension field. */
type Delta = ChatCompletionChunk.Choice.Delta & { reasoning_content?: string };
interface Lookout {
  event?: { type: string; name: string };
  activity?: { kind: string; target: string; ok: boolean }[];
  sources?: { title: string; url: string }[];
}
type WithLookout<T> = T & { lookout?: Lookout };

const WEATHER: ChatCompletionTool = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'The weather in a city.',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
};

/** Settles with whether the connection closed within a few seconds. */
const closesSoon = (closed: Promise<void> | undefined): Promise<boolean> =>
  Promise.race([closed?.then(() => true) ?? false, delay(3_000).then(() => false)]);

describe('the OpenAI proxy, through the official openai client', () => {
  let served: ServedWithFakes;
  let server: RunningServer;
  let model: ModelServer;
  let fakes: EngineFakes;
  let client: OpenAI;

  beforeAll(async () => {
    served = await serveWithFakes();
    ({ server, model, fakes } = served);
    // Any key will do: no tokens are set.
    client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'sk-anything', maxRetries: 0 });
  });
  afterAll(() => served.close());
  beforeEach(() => served.reset());

  const upstreamBody = (index: number) =>
    model.requests[index]?.body as {
      model: string;
      messages: Record<string, unknown>[];
      tools?: { function: { name: string } }[];
      [field: string]: unknown;
    };
  const toolNames = (index: number) =>
    upstreamBody(index).tools?.map((tool) => tool.function.name) ?? [];

  async function streamed(request: Omit<OpenAI.ChatCompletionCreateParamsStreaming, 'stream'>) {
    const stream = await client.chat.completions.create({ ...request, stream: true });
    const chunks: WithLookout<ChatCompletionChunk>[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    const deltas = chunks.flatMap((chunk) => chunk.choices.map((choice) => choice.delta as Delta));
    return {
      chunks,
      content: deltas.map((delta) => delta.content ?? '').join(''),
      reasoning: deltas.map((delta) => delta.reasoning_content ?? '').join(''),
      finish: chunks.flatMap((chunk) => chunk.choices).find((choice) => choice.finish_reason),
      last: chunks.findLast((chunk) => chunk.choices[0]?.finish_reason),
    };
  }

  it('streams a turn that searches: progress in the reasoning, the answer, then its sources', async () => {
    model.script([
      {
        kind: 'tool-calls',
        reasoning: 'I should look this up.',
        calls: [{ name: 'web_search', arguments: { query: 'tokio release' } }],
      },
      { kind: 'text', reasoning: 'Found it.', text: 'Tokio 1.48 came out in November (docs.rs).' },
    ]);
    const turn = await streamed({
      model: 'qwen3.5-9b:web',
      messages: [{ role: 'user', content: 'When did tokio 1.48 come out?' }],
      stream_options: { include_usage: true },
    });

    expect(turn.chunks[0]?.choices[0]?.delta).toEqual({ role: 'assistant', content: '' });
    expect(turn.chunks[0]?.model).toBe('qwen3.5-9b:web');
    expect(turn.reasoning).toBe(
      'I should look this up.\n▸ searching: tokio release…\n▸ searched: tokio release (5 results)\nFound it.',
    );
    expect(turn.content).toMatch(
      /^Tokio 1\.48 came out in November \(docs\.rs\)\.\n\nSources:\n1\. \[tokio - Rust\]\(https:\/\/docs\.rs\/tokio\/latest\/tokio\/\)$/,
    );
    expect(turn.finish?.finish_reason).toBe('stop');
    // The structured activity rides on the chunks of the notes and on the last one.
    const noted = turn.chunks.filter((chunk) => chunk.lookout?.event);
    expect(noted.map((chunk) => chunk.lookout?.event?.type)).toEqual(['tool-start', 'tool-done']);
    expect(turn.last?.lookout?.activity).toEqual([
      expect.objectContaining({ kind: 'search', target: 'tokio release', ok: true }),
    ]);
    expect(turn.last?.lookout?.sources?.map((source) => source.url)).toEqual([
      'https://docs.rs/tokio/latest/tokio/',
    ]);
    // Usage is summed over both rounds, in the last chunk the client asked for.
    expect(turn.chunks.at(-1)?.usage).toEqual({
      prompt_tokens: 2 * FAKE_USAGE.prompt_tokens,
      completion_tokens: 2 * FAKE_USAGE.completion_tokens,
      total_tokens: 2 * FAKE_USAGE.total_tokens,
    });

    // The model server saw its own model name, the web tools, and the search result wrapped.
    expect(upstreamBody(0).model).toBe('qwen3.5-9b');
    expect(toolNames(0)).toEqual(['web_search', 'web_fetch']);
    const result = upstreamBody(1).messages.find((message) => message.role === 'tool');
    expect(String(result?.content)).toMatch(/^Search results for "tokio release" \(untrusted/);
  });

  it('answers without stream in one completion that says what the stream would have', async () => {
    model.script([
      { kind: 'tool-calls', calls: [{ name: 'web_search', arguments: { query: 'tokio' } }] },
      { kind: 'text', text: 'Tokio is a runtime; see https://tokio.rs/.' },
    ]);
    const answer = (await client.chat.completions.create({
      model: 'qwen3.5-9b',
      messages: [{ role: 'user', content: 'What is tokio?' }],
    })) as WithLookout<ChatCompletion>;

    expect(answer.object).toBe('chat.completion');
    const choice = answer.choices[0];
    expect(choice?.finish_reason).toBe('stop');
    expect(choice?.message.content).toMatch(
      /^Tokio is a runtime; see https:\/\/tokio\.rs\/\.\n\nSources:\n1\. \[Tokio & "friends": tokio\]\(https:\/\/tokio\.rs\/\)$/,
    );
    expect((choice?.message as { reasoning_content?: string } | undefined)?.reasoning_content).toBe(
      '▸ searching: tokio…\n▸ searched: tokio (5 results)\n',
    );
    expect(answer.usage?.total_tokens).toBe(2 * FAKE_USAGE.total_tokens);
    expect(answer.lookout?.activity?.map((entry) => entry.target)).toEqual(['tokio']);
    // A plain name gets the web tools too (proxy_web is on by default).
    expect(toolNames(0)).toEqual(['web_search', 'web_fetch']);
  });

  it("passes the client's fields on untouched beside the web tools", async () => {
    model.script([{ kind: 'text', text: '{"answer": 42}' }]);
    await client.chat.completions.create({
      model: 'qwen3.5-9b:web',
      messages: [
        { role: 'system', content: 'Answer in JSON.' },
        { role: 'user', content: [{ type: 'text', text: 'The answer?' }] },
      ],
      temperature: 0.2,
      top_p: 0.9,
      seed: 7,
      response_format: { type: 'json_object' },
      // A field lookout does not know, as llama.cpp's own.
      ...({ chat_template_kwargs: { enable_thinking: false } } as object),
    });
    const body = upstreamBody(0);
    expect(body).toMatchObject({
      temperature: 0.2,
      top_p: 0.9,
      seed: 7,
      response_format: { type: 'json_object' },
      chat_template_kwargs: { enable_thinking: false },
    });
    // The untrusted-data line joins the client's system message; parts stay parts.
    expect(body.messages[0]?.content).toMatch(/^Answer in JSON\.\n\n.*untrusted/s);
    expect(body.messages[1]).toEqual({
      role: 'user',
      content: [{ type: 'text', text: 'The answer?' }],
    });
  });

  it("hands the client's own tool call back and goes on when the client answers it", async () => {
    model.script([
      { kind: 'tool-calls', calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] },
      { kind: 'text', text: 'It is 18 °C in Paris.' },
    ]);
    const messages: ChatCompletionMessageParam[] = [
      { role: 'user', content: 'How warm is it in Paris?' },
    ];
    const first = await client.chat.completions.create({
      model: 'qwen3.5-9b:web',
      messages,
      tools: [WEATHER],
    });
    const choice = first.choices[0];
    expect(choice?.finish_reason).toBe('tool_calls');
    const call = choice?.message.tool_calls?.[0];
    expect(call).toMatchObject({
      type: 'function',
      function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
    });
    expect(toolNames(0)).toEqual(['web_search', 'web_fetch', 'get_weather']);
    expect(fakes.searxng.requests).toHaveLength(0);
    expect(model.requests).toHaveLength(1);

    messages.push(choice?.message as ChatCompletionMessageParam, {
      role: 'tool',
      tool_call_id: call?.id ?? '',
      content: '18 °C, sunny',
    });
    const second = await client.chat.completions.create({
      model: 'qwen3.5-9b:web',
      messages,
      tools: [WEATHER],
    });
    expect(second.choices[0]?.message.content).toBe('It is 18 °C in Paris.');
    // The client's call and its answer reach the model as the client sent them.
    const sent = upstreamBody(1).messages.slice(-2);
    expect(sent[0]).toMatchObject({ role: 'assistant', tool_calls: [call] });
    expect(sent[1]).toEqual({ role: 'tool', tool_call_id: call?.id, content: '18 °C, sunny' });
  });

  it('keeps what the model read before a hand-off, and puts it back when the client returns', async () => {
    model.script([
      {
        kind: 'tool-calls',
        calls: [
          { name: 'web_search', arguments: { query: 'paris weather' } },
          { name: 'get_weather', arguments: { city: 'Paris' } },
        ],
      },
      { kind: 'text', text: 'Sunny, 18 °C.' },
    ]);
    const messages: ChatCompletionMessageParam[] = [
      { role: 'user', content: 'Weather in Paris, from the web and from your tool?' },
    ];
    const first = await streamed({ model: 'qwen3.5-9b:web', messages, tools: [WEATHER] });
    // The web call of the round ran; the client's call came back as a call.
    expect(fakes.searxng.requests).toHaveLength(1);
    expect(first.finish?.finish_reason).toBe('tool_calls');
    const calls = first.chunks.flatMap((chunk) => chunk.choices[0]?.delta.tool_calls ?? []);
    expect(calls.map((call) => call.function?.name)).toEqual(['get_weather']);
    expect(first.reasoning).toMatch(/▸ searched: paris weather/);
    expect(first.content).toBe('');

    const id = calls[0]?.id ?? '';
    messages.push(
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id,
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: id, content: '18 °C' },
    );
    const second = await streamed({ model: 'qwen3.5-9b:web', messages, tools: [WEATHER] });
    expect(second.content).toMatch(/^Sunny, 18 °C\./);
    const roles = upstreamBody(1).messages.map((message) =>
      message.role === 'assistant'
        ? `assistant:${(message.tool_calls as { function: { name: string } }[]).map((call) => call.function.name)}`
        : message.role,
    );
    expect(roles).toEqual([
      'system',
      'user',
      'assistant:web_search',
      'tool',
      'assistant:get_weather',
      'tool',
    ]);
  });

  it('shows an error of the model server with its status, in OpenAI’s shape', async () => {
    const tooLong = 'the request exceeds the available context size, try increasing it';
    model.script([{ kind: 'http-error', status: 400, message: tooLong }]);
    const failed = await client.chat.completions
      .create({ model: 'qwen3.5-9b:web', messages: [{ role: 'user', content: 'hi' }] })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(OpenAI.BadRequestError);
    expect((failed as InstanceType<typeof OpenAI.APIError>).message).toContain(tooLong);

    model.script([{ kind: 'http-error', status: 503, message: 'Loading model' }]);
    const raw = await fetch(`${server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk-x' },
      body: JSON.stringify({
        model: 'm:web',
        stream: true,
        messages: [{ role: 'user', content: 'hi' }],
      }),
    });
    expect(raw.status).toBe(503);
    expect(await raw.json()).toEqual({
      error: {
        message: 'the model server answered HTTP 503: Loading model',
        type: 'server_error',
        param: null,
        code: null,
      },
    });
  });

  it('ends a stream that fails midway with an error event the client raises', async () => {
    model.script([{ kind: 'stream-error', text: 'Half an ans', message: 'out of memory' }]);
    const stream = await client.chat.completions.create({
      model: 'qwen3.5-9b:web',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
    });
    let content = '';
    const failed = await (async () => {
      for await (const chunk of stream) content += chunk.choices[0]?.delta.content ?? '';
    })().catch((error: unknown) => error);
    expect(content).toBe('Half an ans');
    expect(failed).toBeInstanceOf(OpenAI.APIError);
    expect((failed as Error).message).toMatch(/out of memory/);
  });

  it('closes the connection to the model server when the client stops reading', async () => {
    model.script([{ kind: 'stall', afterHeaders: true, text: 'Let me think' }]);
    const stream = await client.chat.completions.create({
      model: 'qwen3.5-9b:web',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
    });
    for await (const chunk of stream) if (chunk.choices[0]?.delta.content) break;
    expect(await closesSoon(model.requests[0]?.closed)).toBe(true);
  });

  it('closes the connection to the model server when the client gives up before any answer', async () => {
    model.script([{ kind: 'stall' }]);
    const giveUp = new AbortController();
    const pending = client.chat.completions
      .create(
        { model: 'qwen3.5-9b', messages: [{ role: 'user', content: 'hi' }] },
        { signal: giveUp.signal },
      )
      .catch((error: unknown) => error);
    while (model.requests.length === 0) await delay(5);
    giveUp.abort();
    expect(await pending).toBeInstanceOf(OpenAI.APIUserAbortError);
    expect(await closesSoon(model.requests[0]?.closed)).toBe(true);
  });

  it('lists every model plain and with :web', async () => {
    const models = [];
    for await (const entry of client.models.list()) models.push(entry.id);
    expect(models).toEqual(['qwen3.5-9b', 'qwen3.5-9b:web']);
  });

  it('refuses a request that is not a chat completion, in OpenAI’s shape', async () => {
    const failed = await client.chat.completions
      .create({ model: 'qwen3.5-9b', messages: [] })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(OpenAI.BadRequestError);
    expect((failed as InstanceType<typeof OpenAI.APIError>).error).toMatchObject({
      type: 'invalid_request_error',
      param: 'messages',
    });
    expect(model.requests).toHaveLength(0);

    const notJson = await fetch(`${server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-x', 'content-type': 'application/json' },
      body: '{"model": ',
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    const unknown = await fetch(`${server.url}/v1/embeddings`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-x' },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: {
        message: 'no route POST /v1/embeddings',
        type: 'not_found_error',
        param: null,
        code: null,
      },
    });
  });
});
