import { createParser, type EventSourceMessage, type ParseError } from 'eventsource-parser';
import { errorCode } from '../error-code.js';
import { jsonObject, parseJson } from '../json-value.js';
import { type StreamPart, type Upstream, UpstreamError, type Usage } from './types.js';

export interface CompletionRequest {
  upstream: Upstream;
  /** The request body without `stream`; this adds `stream: true` and `stream_options: { include_usage: true }`. */
  body: Record<string, unknown>;
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

/** The longest text quoted from a server in a message: llama.cpp's errors fit, an HTML page does not. */
const MAX_QUOTED_CHARS = 300;

/** How much unterminated event text the parser keeps: far above any chunk, well below trouble. */
const MAX_BUFFER_CHARS = 8 * 1024 * 1024;

const CLOSED_EARLY = 'the model server closed the stream before the answer ended';

/** Socket error codes in the words a person reads in "could not reach ... (<words>)". */
const REACH_WORDS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  ETIMEDOUT: 'timed out',
  UND_ERR_CONNECT_TIMEOUT: 'timed out',
  EHOSTUNREACH: 'no route to host',
  ENETUNREACH: 'no route to host',
  ERR_INVALID_URL: 'not a valid URL',
};

/** Said when the stream went quiet until Node's fetch gave up on it (5 minutes by default). */
const WENT_QUIET =
  'the model server stopped sending in the middle of the answer and was given up on';

/**
 * POSTs {baseUrl}/chat/completions and yields what the stream says. Throws
 * UpstreamError in plain words when the server cannot be reached, answers an
 * HTTP error, reports an error mid-stream (an `error:` SSE line, an `event:
 * error`, or `data: {"error": ...}`), sends a chunk that is not JSON, or closes
 * before `[DONE]` or a finish reason. A JSON completion (a server that ignored
 * `stream: true`) is yielded as parts. An aborted signal rethrows its AbortError.
 */
export async function* streamCompletion(request: CompletionRequest): AsyncGenerator<StreamPart> {
  const { upstream, body, signal } = request;
  const payload = {
    model: upstream.model,
    ...body,
    stream: true,
    stream_options: { include_usage: true },
  };
  const response = await postCompletion({ ...request, body: payload }, 'text/event-stream');
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    yield* partsOfAnswer(await response.text());
    return;
  }
  if (!response.body || (type !== '' && !type.includes('text/event-stream'))) {
    await response.body?.cancel();
    throw new UpstreamError(`the model server answered with ${type || 'nothing'}, not a stream`);
  }
  yield* readEvents(response.body.getReader(), signal);
}

/**
 * POSTs `body` as it is to {baseUrl}/chat/completions and returns the answer
 * when its status is 2xx. Throws UpstreamError in plain words when the server
 * cannot be reached or answers an HTTP error (with its status). An aborted
 * signal rethrows its AbortError.
 */
export async function postCompletion(
  { upstream, body, signal, fetch: send = fetch }: CompletionRequest,
  accept: string,
): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: accept };
  if (upstream.key) headers.Authorization = `Bearer ${upstream.key}`;
  let response: Response;
  try {
    response = await send(`${upstream.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    // Node's fetch gives up on a server that takes the request and says nothing (5 minutes by default).
    if (errorCode(error) === 'UND_ERR_HEADERS_TIMEOUT') {
      throw new UpstreamError(
        `the model server at ${shownUrl(upstream.baseUrl)} took the request but sent no answer in time`,
      );
    }
    throw new UpstreamError(
      `could not reach the model server at ${shownUrl(upstream.baseUrl)} (${reachWords(error)})`,
    );
  }
  if (!response.ok) {
    const error = await httpError(response);
    signal?.throwIfAborted(); // an abort while reading the error body is still an abort
    throw error;
  }
  return response;
}

interface EventState {
  parts: StreamPart[];
  failure: UpstreamError | undefined;
  /** `data: [DONE]` arrived. */
  done: boolean;
  /** A finish reason arrived: a server that then closes without `[DONE]` still answered in full. */
  finished: boolean;
}

async function* readEvents(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  signal: AbortSignal | undefined,
): AsyncGenerator<StreamPart> {
  const state: EventState = { parts: [], failure: undefined, done: false, finished: false };
  const parser = createParser({
    maxBufferSize: MAX_BUFFER_CHARS,
    onEvent: (event) => takeEvent(state, event),
    onError: (error) => takeParseError(state, error),
  });
  const decoder = new TextDecoder();
  try {
    while (!state.done) {
      const bytes = await nextBytes(reader, signal);
      if (bytes === undefined) {
        parser.feed(decoder.decode());
        parser.reset({ consume: true });
        yield* drain(state);
        break;
      }
      parser.feed(decoder.decode(bytes, { stream: true }));
      yield* drain(state);
    }
  } finally {
    // Stops the download when [DONE] came early, the caller stopped reading, or an error ended it.
    reader.cancel().catch(() => {});
  }
  if (!state.done && !state.finished) throw new UpstreamError(CLOSED_EARLY);
}

/** The next piece of the body; a connection lost mid-body is the server closing early. */
async function nextBytes(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  signal: AbortSignal | undefined,
): Promise<Uint8Array | undefined> {
  try {
    const { done, value } = await reader.read();
    return done ? undefined : value;
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new UpstreamError(
      errorCode(error) === 'UND_ERR_BODY_TIMEOUT' ? WENT_QUIET : CLOSED_EARLY,
    );
  }
}

function* drain(state: EventState): Generator<StreamPart> {
  const parts = state.parts.splice(0);
  yield* parts;
  if (state.failure) throw state.failure;
}

function takeEvent(state: EventState, event: EventSourceMessage): void {
  if (state.failure || state.done) return;
  if (event.data.trim() === '[DONE]') {
    state.done = true;
    return;
  }
  if (event.event === 'error') {
    state.failure = streamError(event.data);
    return;
  }
  const chunk = jsonObject(parseJson(event.data));
  if (!chunk) {
    state.failure = new UpstreamError(
      `the model server sent a chunk that is not JSON: ${quote(event.data)}`,
    );
    return;
  }
  if (chunk.error !== undefined) {
    state.failure = streamError(event.data);
    return;
  }
  const parts = partsOfChunk(chunk);
  if (parts.some((part) => part.type === 'finish')) state.finished = true;
  state.parts.push(...parts);
}

/**
 * eventsource-parser drops fields it does not know and reports them here:
 * llama.cpp's mid-stream `error: {...}` line is one of those, so this hook is
 * where it is caught, with no second pass over the raw text.
 */
function takeParseError(state: EventState, error: ParseError): void {
  if (state.failure || state.done) return;
  if (error.type === 'unknown-field' && error.field === 'error') {
    state.failure = streamError(error.value ?? '');
  } else if (error.type === 'max-buffer-size-exceeded') {
    state.failure = new UpstreamError('the model server sent an event too large to read');
  }
}

/** An error reported inside the stream: llama.cpp's `{"code","message","type"}` or an `{"error": ...}` body. */
function streamError(text: string): UpstreamError {
  const value = jsonObject(parseJson(text));
  const said = messageOf(value) ?? text.trim();
  const inner = jsonObject(value?.error) ?? value;
  const code = typeof inner?.code === 'number' ? inner.code : undefined;
  return new UpstreamError(`the model server reported an error: ${quote(said)}`, code);
}

function* partsOfAnswer(text: string): Generator<StreamPart> {
  const answer = jsonObject(parseJson(text));
  const said = messageOf(answer);
  if (said !== undefined && answer?.choices === undefined) {
    throw new UpstreamError(`the model server reported an error: ${quote(said)}`);
  }
  if (!answer || !Array.isArray(answer.choices)) {
    throw new UpstreamError(`the model server answered with JSON that is not a completion`);
  }
  yield* partsOfChunk(answer);
}

/** The parts of one stream chunk, or of a whole JSON completion (`message` in place of `delta`). */
function partsOfChunk(chunk: Record<string, unknown>): StreamPart[] {
  const parts: StreamPart[] = [];
  const choice = Array.isArray(chunk.choices) ? jsonObject(chunk.choices[0]) : undefined;
  if (choice) {
    const message = jsonObject(choice.delta) ?? jsonObject(choice.message) ?? {};
    // A server part-way through renaming the field may send both with the same text: take one.
    const reasoning = nonEmpty(message.reasoning_content) ?? nonEmpty(message.reasoning);
    if (reasoning) parts.push({ type: 'reasoning', text: reasoning });
    const content = nonEmpty(message.content);
    if (content) parts.push({ type: 'content', text: content });
    if (Array.isArray(message.tool_calls)) {
      message.tool_calls.forEach((entry, position) => {
        const fragment = toolFragment(jsonObject(entry), position);
        if (fragment) parts.push(fragment);
      });
    }
    if (typeof choice.finish_reason === 'string') {
      parts.push({ type: 'finish', reason: choice.finish_reason });
    }
  }
  const usage = usageOf(jsonObject(chunk.usage));
  if (usage) parts.push({ type: 'usage', usage });
  return parts;
}

function toolFragment(
  entry: Record<string, unknown> | undefined,
  position: number,
): StreamPart | undefined {
  if (!entry) return undefined;
  const fragment: Extract<StreamPart, { type: 'tool-fragment' }> = {
    type: 'tool-fragment',
    // A whole JSON completion numbers its calls by position, not `index`.
    index: typeof entry.index === 'number' ? entry.index : position,
  };
  const id = nonEmpty(entry.id);
  if (id) fragment.id = id;
  const called = jsonObject(entry.function);
  const name = nonEmpty(called?.name);
  if (name) fragment.name = name;
  const args = called?.arguments;
  if (typeof args === 'string') fragment.arguments = args;
  // Some servers (Ollama's native shape leaking through a proxy) send the arguments as an object.
  else if (args !== undefined && args !== null) fragment.arguments = JSON.stringify(args);
  return fragment;
}

function usageOf(value: Record<string, unknown> | undefined): Usage | undefined {
  if (!value) return undefined;
  const prompt = value.prompt_tokens;
  const completion = value.completion_tokens;
  if (typeof prompt !== 'number' && typeof completion !== 'number') return undefined;
  const prompt_tokens = typeof prompt === 'number' ? prompt : 0;
  const completion_tokens = typeof completion === 'number' ? completion : 0;
  const total = value.total_tokens;
  return {
    prompt_tokens,
    completion_tokens,
    total_tokens: typeof total === 'number' ? total : prompt_tokens + completion_tokens,
  };
}

async function httpError(response: Response): Promise<UpstreamError> {
  const text = await response.text().catch(() => '');
  const said = messageOf(jsonObject(parseJson(text))) ?? plainText(text);
  const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  return new UpstreamError(
    said === undefined
      ? `the model server answered HTTP ${status}`
      : `the model server answered HTTP ${response.status}: ${quote(said)}`,
    response.status,
  );
}

/** The message of an OpenAI/llama.cpp `{"error":{"message"}}`, Ollama `{"error":"..."}` or vLLM `{"message"}` body. */
function messageOf(value: Record<string, unknown> | undefined): string | undefined {
  if (!value) return undefined;
  if (typeof value.error === 'string') return value.error;
  const inner = jsonObject(value.error);
  if (typeof inner?.message === 'string') return inner.message;
  return typeof value.message === 'string' ? value.message : undefined;
}

/** A short plain-text error body is worth quoting; an HTML page is not. */
function plainText(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed && !trimmed.startsWith('<') ? trimmed : undefined;
}

function reachWords(error: unknown): string {
  const code = errorCode(error);
  if (code) return REACH_WORDS[code] ?? code;
  return error instanceof Error ? error.message : String(error);
}

/** The base URL as shown in messages: without any user name or password in it. */
function shownUrl(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    url.username = '';
    url.password = '';
    return url.href.replace(/\/$/, '');
  } catch {
    return baseUrl;
  }
}

function quote(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_QUOTED_CHARS ? `${line.slice(0, MAX_QUOTED_CHARS)}…` : line;
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
