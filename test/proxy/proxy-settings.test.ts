import { setTimeout as delay } from 'node:timers/promises';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server/serve.js';
import type { ModelServer } from '../fakes/model-server.js';
import { type ServedWithFakes, serveWithFakes } from '../server/serve-with-fakes.js';

const USER_TOKEN = 'user-token-0123456789';

describe('the OpenAI proxy with its settings off and a user token set', () => {
  let served: ServedWithFakes;
  let server: RunningServer;
  let model: ModelServer;
  let client: OpenAI;

  beforeAll(async () => {
    served = await serveWithFakes({
      model: { flavor: 'ollama' },
      env: {
        LOOKOUT_PROXY_WEB: 'off',
        LOOKOUT_PROXY_SOURCES: 'off',
        LOOKOUT_USER_TOKENS: USER_TOKEN,
      },
    });
    ({ server, model } = served);
    client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: USER_TOKEN, maxRetries: 0 });
  });
  afterAll(() => served.close());
  beforeEach(() => served.reset());

  it('refuses a key that is not a lookout token, in OpenAI’s shape', async () => {
    const stranger = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'sk-x', maxRetries: 0 });
    const failed = await stranger.models.list().catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((failed as InstanceType<typeof OpenAI.APIError>).error).toMatchObject({
      type: 'authentication_error',
      code: 'invalid_api_key',
    });
    expect(model.requests).toHaveLength(0);
  });

  it('relays a plain model name as it came when proxy_web is off, stream and all', async () => {
    model.script([{ kind: 'text', text: 'Hello from the model.' }]);
    const request = {
      model: 'qwen3.5-9b',
      messages: [{ role: 'user' as const, content: 'hi' }],
      temperature: 0.5,
      stream: true as const,
      ...({ keep_alive: '5m' } as object),
    };
    const stream = await client.chat.completions.create(request);
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')).toBe(
      'Hello from the model.',
    );
    // The model server's own chunks, untouched: Ollama's fingerprint, no usage not asked for.
    expect(chunks[0]?.system_fingerprint).toBe('fp_ollama');
    expect(model.requests[0]?.body).toEqual(request);
  });

  it('gives :web the web tools, and leaves the source list out when proxy_sources is off', async () => {
    model.script([
      { kind: 'tool-calls', calls: [{ name: 'web_search', arguments: { query: 'tokio' } }] },
      { kind: 'text', text: 'Tokio is at https://tokio.rs/.' },
    ]);
    const answer = await client.chat.completions.create({
      model: 'qwen3.5-9b:web',
      messages: [{ role: 'user', content: 'tokio?' }],
    });
    expect(answer.choices[0]?.message.content).toBe('Tokio is at https://tokio.rs/.');
    expect((answer as { lookout?: { sources: { url: string }[] } }).lookout?.sources).toEqual([
      expect.objectContaining({ url: 'https://tokio.rs/' }),
    ]);
    expect(model.requests[0]?.body.model).toBe('qwen3.5-9b');
  });

  it('relays the error of the model server with its status in OpenAI’s shape', async () => {
    model.script([{ kind: 'http-error', status: 404, message: 'model "qwen9" not found' }]);
    const failed = await client.chat.completions
      .create({ model: 'qwen9', messages: [{ role: 'user', content: 'hi' }] })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(OpenAI.NotFoundError);
    expect((failed as InstanceType<typeof OpenAI.APIError>).error).toEqual({
      message: 'the model server answered HTTP 404: model "qwen9" not found',
      type: 'not_found_error',
      param: null,
      code: null,
    });
  });

  it('closes the connection to the model server when a relayed stream is abandoned', async () => {
    model.script([{ kind: 'stall', afterHeaders: true, text: 'Let me think' }]);
    const stream = await client.chat.completions.create({
      model: 'qwen3.5-9b',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
    });
    for await (const chunk of stream) if (chunk.choices[0]?.delta.content) break;
    const closed = await Promise.race([
      model.requests[0]?.closed.then(() => true),
      delay(3_000).then(() => false),
    ]);
    expect(closed).toBe(true);
  });
});
