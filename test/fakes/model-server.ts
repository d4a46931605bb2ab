import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import type { Usage } from '../../src/chat/types.js';

/**
 * A scriptable model server speaking llama.cpp's or Ollama's OpenAI-compatible
 * `/v1/chat/completions` stream (shapes from shared/reference/formats), on
 * 127.0.0.1 with a kernel-chosen port. Each completion request takes the next
 * step of the script; when the script runs out it answers "(script ended)", so
 * a loop that asks too often shows in the recording.
 */

export type Flavor = 'llamacpp' | 'ollama';

/** Where usage goes: on the finish chunk (llama.cpp ~b6097), a `choices: []` chunk (newer builds, OpenAI, Ollama), or nowhere. */
export type UsagePlacement = 'finish' | 'separate' | 'none';

export interface FakeCall {
  name: string;
  arguments: Record<string, unknown>;
  /** Default: a random id in the flavor's form. */
  id?: string;
}

/** What the fake answers to ONE request. */
export type Step =
  /**
   * Reasoning (if any), then text, then `finish` (default `stop`). Leaked calls are text here too.
   * `pace`: a model's timing, the first piece after `firstMs` and each next after `pieceMs` (benchmarks).
   */
  | {
      kind: 'text';
      text: string;
      reasoning?: string;
      finish?: string;
      pace?: { firstMs: number; pieceMs: number };
    }
  /**
   * Calls, several meaning parallel, after optional reasoning and text.
   * llama.cpp splits each call's arguments over fragments; Ollama sends each whole.
   * `argumentsAsObject`: a misbehaving server that sends the arguments as an object.
   */
  | {
      kind: 'tool-calls';
      calls: FakeCall[];
      reasoning?: string;
      text?: string;
      argumentsAsObject?: boolean;
    }
  /** An HTTP error with the flavor's error body, or `body` as given. */
  | { kind: 'http-error'; status: number; message: string; type?: string; body?: unknown }
  /** `text`, then an error in the stream, then `data: [DONE]`: an `error:` field line (llama.cpp) or `data: {"error": ...}`. */
  | {
      kind: 'stream-error';
      message: string;
      code?: number;
      type?: string;
      as?: 'error-line' | 'data';
      text?: string;
    }
  /** `text`, then the connection ends: `reset` destroys the socket, `end` ends the body with no finish nor `[DONE]`. */
  | { kind: 'disconnect'; text?: string; how?: 'reset' | 'end' }
  /** Never answers; with `afterHeaders`, sends the headers, the first chunk and `text`, then nothing. */
  | { kind: 'stall'; afterHeaders?: boolean; text?: string }
  /** `text`, then a `data:` event that is not JSON. */
  | { kind: 'non-json-chunk'; text?: string; data?: string }
  /** A whole `chat.completion` JSON body, as from a server that ignored `stream: true`. */
  | { kind: 'json'; text?: string; reasoning?: string; calls?: FakeCall[] }
  /** Any answer at all. */
  | { kind: 'raw'; status: number; contentType: string; body: string };

export interface RecordedCompletionRequest {
  path: string;
  headers: IncomingMessage['headers'];
  /** The parsed JSON body. */
  body: Record<string, unknown>;
  /** Settles when the connection of this request closes (after the answer, or when the client goes away). */
  closed: Promise<void>;
}

export interface ModelServer {
  /** Base URL including `/v1`. */
  url: string;
  requests: RecordedCompletionRequest[];
  /** Replaces what the next requests get, one step each, in order. */
  script(steps: Step[]): void;
  close(): Promise<void>;
}

export interface ModelServerOptions {
  flavor?: Flavor;
  model?: string;
  /** Default `separate`, sent only when the request asks `stream_options.include_usage`. */
  usage?: UsagePlacement;
}

/** The usage every answer reports. */
export const FAKE_USAGE: Usage = { prompt_tokens: 42, completion_tokens: 7, total_tokens: 49 };

/** Characters per streamed piece: about a token, so words and tags arrive split. */
const PIECE_CHARS = 7;

const SCRIPT_ENDED: Step = { kind: 'text', text: '(script ended)' };

/** llama.cpp's last-chunk extra, which a client must ignore. */
const TIMINGS = { prompt_n: 42, prompt_ms: 21.4, predicted_n: 7, predicted_ms: 45.1 };

export async function startModelServer(options: ModelServerOptions = {}): Promise<ModelServer> {
  const style: Style = {
    flavor: options.flavor ?? 'llamacpp',
    model: options.model ?? 'qwen3.5-9b',
    usage: options.usage ?? 'separate',
  };
  let queue: Step[] = [];
  const requests: RecordedCompletionRequest[] = [];
  const server = createServer(async (incoming, response) => {
    const text = await readBody(incoming);
    const path = new URL(incoming.url ?? '/', 'http://fake.invalid').pathname;
    if (incoming.method === 'GET' && path === '/v1/models') {
      return sendJson(response, 200, modelList(style));
    }
    if (incoming.method !== 'POST' || path !== '/v1/chat/completions') {
      return sendJson(response, 404, errorBody(style, 404, 'File Not Found', 'not_found_error'));
    }
    const body = parseObject(text);
    if (!body) {
      return sendJson(
        response,
        400,
        errorBody(style, 400, 'invalid JSON', 'invalid_request_error'),
      );
    }
    const closed = once(response, 'close').then(() => undefined);
    requests.push({ path, headers: incoming.headers, body, closed });
    const includeUsage = (body.stream_options as { include_usage?: unknown } | undefined)
      ?.include_usage;
    const stream = new Stream(response, style, includeUsage === true);
    await answer(queue.shift() ?? SCRIPT_ENDED, stream, style);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    script: (steps) => {
      queue = [...steps];
    },
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

interface Style {
  flavor: Flavor;
  model: string;
  usage: UsagePlacement;
}

async function answer(step: Step, stream: Stream, style: Style): Promise<void> {
  switch (step.kind) {
    case 'text':
      if (step.pace) return paced(step.text, step.pace, stream);
      stream.start();
      stream.reasoning(step.reasoning ?? '');
      stream.content(step.text);
      return stream.finish(step.finish ?? 'stop');
    case 'tool-calls':
      stream.start();
      stream.reasoning(step.reasoning ?? '');
      stream.content(step.text ?? '');
      step.calls.forEach((call, index) => {
        stream.toolCall(call, index, step.argumentsAsObject === true);
      });
      return stream.finish('tool_calls');
    case 'http-error':
      return sendJson(
        stream.response,
        step.status,
        step.body ?? errorBody(style, step.status, step.message, step.type ?? 'server_error'),
      );
    case 'stream-error': {
      stream.start();
      stream.content(step.text ?? '');
      const error = {
        code: step.code ?? 500,
        message: step.message,
        type: step.type ?? 'server_error',
      };
      if (step.as === 'data') stream.event({ error });
      else stream.write(`error: ${JSON.stringify(error)}\n\n`);
      return stream.done();
    }
    case 'disconnect':
      stream.start();
      stream.content(step.text ?? '');
      if (step.how === 'end') return void stream.response.end();
      return stream.reset();
    case 'stall':
      if (step.afterHeaders) {
        stream.start();
        stream.content(step.text ?? '');
      }
      return;
    case 'non-json-chunk':
      stream.start();
      stream.content(step.text ?? '');
      stream.write(`data: ${step.data ?? '{"choices": [{"delta": {"content": "cut'}\n\n`);
      return stream.done();
    case 'json':
      return sendJson(stream.response, 200, completion(style, step));
    case 'raw':
      stream.response.writeHead(step.status, { 'Content-Type': step.contentType }).end(step.body);
      return;
  }
}

/** Text at a model's pace: the wait before the first piece is the prompt being read. */
async function paced(
  text: string,
  pace: { firstMs: number; pieceMs: number },
  stream: Stream,
): Promise<void> {
  await delay(pace.firstMs);
  stream.start();
  for (const [index, piece] of pieces(text).entries()) {
    if (index > 0) await delay(pace.pieceMs);
    if (stream.response.destroyed) return;
    stream.content(piece);
  }
  stream.finish('stop');
}

/** One streamed answer in the flavor's chunk shapes. */
class Stream {
  readonly response: ServerResponse;
  #style: Style;
  #includeUsage: boolean;
  #id = `chatcmpl-${randomText(32)}`;

  constructor(response: ServerResponse, style: Style, includeUsage: boolean) {
    this.response = response;
    this.#style = style;
    this.#includeUsage = includeUsage;
  }

  start(): void {
    this.response.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
    });
    if (this.#style.flavor === 'llamacpp') this.#delta({ role: 'assistant', content: null });
  }

  reasoning(text: string): void {
    for (const piece of pieces(text)) {
      this.#delta(
        this.#style.flavor === 'llamacpp'
          ? { reasoning_content: piece }
          : { role: 'assistant', content: '', reasoning: piece },
      );
    }
  }

  content(text: string): void {
    for (const piece of pieces(text)) {
      this.#delta(
        this.#style.flavor === 'llamacpp'
          ? { content: piece }
          : { role: 'assistant', content: piece },
      );
    }
  }

  toolCall(call: FakeCall, index: number, argumentsAsObject: boolean): void {
    const json = JSON.stringify(call.arguments);
    const args = argumentsAsObject ? call.arguments : json;
    if (this.#style.flavor === 'ollama') {
      const id = call.id ?? `call_${randomText(8).toLowerCase()}`;
      const entry = { id, index, type: 'function', function: { name: call.name, arguments: args } };
      this.#delta({ role: 'assistant', content: '', tool_calls: [entry] });
      return;
    }
    // llama.cpp: id, type and name with empty arguments first, then the arguments in pieces.
    const id = call.id ?? randomText(32);
    const opening = { name: call.name, arguments: argumentsAsObject ? args : '' };
    this.#delta({ tool_calls: [{ index, id, type: 'function', function: opening }] });
    if (argumentsAsObject) return;
    for (const piece of pieces(json)) {
      this.#delta({ tool_calls: [{ index, function: { arguments: piece } }] });
    }
  }

  finish(reason: string): void {
    const llamacpp = this.#style.flavor === 'llamacpp';
    const usageOnFinish = this.#style.usage === 'finish';
    const extra = usageOnFinish ? { usage: FAKE_USAGE, timings: TIMINGS } : {};
    this.#delta(llamacpp ? {} : { role: 'assistant', content: '' }, reason, extra);
    if (this.#style.usage === 'separate' && this.#includeUsage) {
      this.event({
        ...this.#envelope([]),
        usage: FAKE_USAGE,
        ...(llamacpp ? { timings: TIMINGS } : {}),
      });
    }
    this.done();
  }

  done(): void {
    this.write('data: [DONE]\n\n');
    this.response.end();
  }

  /** Ends the connection abruptly, once what was written has gone out. */
  reset(): void {
    this.response.write('', () => this.response.socket?.destroy());
  }

  event(value: unknown): void {
    this.write(`data: ${JSON.stringify(value)}\n\n`);
  }

  /** Writes in two halves: a network may split an event anywhere. */
  write(text: string): void {
    const middle = Math.floor(text.length / 2);
    this.response.write(text.slice(0, middle));
    this.response.write(text.slice(middle));
  }

  #delta(delta: Record<string, unknown>, finish: string | null = null, extra = {}): void {
    const choice =
      this.#style.flavor === 'llamacpp'
        ? { finish_reason: finish, index: 0, delta }
        : { index: 0, delta, finish_reason: finish };
    this.event({ ...this.#envelope([choice]), ...extra });
  }

  #envelope(choices: unknown[]): Record<string, unknown> {
    const { flavor, model } = this.#style;
    const created = Math.floor(Date.now() / 1000);
    return flavor === 'llamacpp'
      ? {
          choices,
          created,
          id: this.#id,
          model,
          system_fingerprint: 'b7400-1a2b3c4d',
          object: 'chat.completion.chunk',
        }
      : {
          id: this.#id,
          object: 'chat.completion.chunk',
          created,
          model,
          system_fingerprint: 'fp_ollama',
          choices,
        };
  }
}

function completion(style: Style, step: Extract<Step, { kind: 'json' }>): Record<string, unknown> {
  const message: Record<string, unknown> = { role: 'assistant', content: step.text ?? null };
  if (step.reasoning) message.reasoning_content = step.reasoning;
  if (step.calls?.length) {
    message.tool_calls = step.calls.map((call) => ({
      type: 'function',
      function: { name: call.name, arguments: JSON.stringify(call.arguments) },
      id: call.id ?? randomText(32),
    }));
  }
  return {
    choices: [{ finish_reason: step.calls?.length ? 'tool_calls' : 'stop', index: 0, message }],
    created: Math.floor(Date.now() / 1000),
    model: style.model,
    object: 'chat.completion',
    usage: FAKE_USAGE,
    id: `chatcmpl-${randomText(32)}`,
  };
}

/** llama.cpp's `{"error": {code, message, type}}`, or Ollama's `/v1` `{"error": {message, type, param, code}}`. */
function errorBody(style: Style, status: number, message: string, type: string): unknown {
  return style.flavor === 'llamacpp'
    ? { error: { code: status, message, type } }
    : { error: { message, type: 'api_error', param: null, code: null } };
}

function modelList(style: Style): unknown {
  const owner = style.flavor === 'llamacpp' ? 'llamacpp' : 'library';
  return {
    object: 'list',
    data: [{ id: style.model, object: 'model', created: 1767139200, owned_by: owner }],
  };
}

function pieces(text: string): string[] {
  const result: string[] = [];
  for (let start = 0; start < text.length; start += PIECE_CHARS) {
    result.push(text.slice(start, start + PIECE_CHARS));
  }
  return result;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomText(length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += ALPHANUMERIC[Math.floor(Math.random() * 62)];
  return text;
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

async function readBody(incoming: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
