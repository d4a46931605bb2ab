import { pipeline, Readable, type Transform } from 'node:stream';
import zlib from 'node:zlib';
import { fail, type Outcome, succeed } from '../failure.js';

/** What was read of a response body once its content codings were undone. */
export interface DecodedBody {
  body: Uint8Array;
  /** True when the decoded body went on past the cap and was cut there. */
  partial: boolean;
}

/** Codings undone here (RFC 9110 §8.4.1); `x-gzip` is the old name of gzip. */
const CODINGS = ['gzip', 'x-gzip', 'deflate', 'br'] as const;
type Coding = (typeof CODINGS)[number];

/** A truncated stream ends what was decoded instead of failing, as browsers do. */
const ZLIB_OPTIONS = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
const BROTLI_OPTIONS = { finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH };

/**
 * The codings of a `Content-Encoding` header in the order to undo them (the
 * last applied first), or `[]` when the bytes are to be kept as they are:
 * no header, identity only, or any coding this module does not know.
 */
export function codingsToUndo(header: string | null | undefined): Coding[] {
  const codings = (header ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  const known = codings.filter((coding): coding is Coding =>
    (CODINGS as readonly string[]).includes(coding),
  );
  return known.length === codings.length ? known.reverse() : [];
}

/**
 * Reads a body through its decoders and keeps at most `maxBytes` decoded
 * bytes. Decoding is pulled chunk by chunk, so a compression bomb stops
 * inflating as soon as the cap is reached instead of filling memory. Bytes
 * that do not decode are an `unreadable` failure; an error of the source
 * itself (the connection, an abort) is thrown on for the caller to classify.
 */
export async function readDecoded(
  source: AsyncIterable<Uint8Array>,
  codings: readonly Coding[],
  maxBytes: number,
): Promise<Outcome<DecodedBody>> {
  const watched = watch(source);
  try {
    return succeed(await readCapped(codings.reduce(undoCoding, watched.chunks), maxBytes));
  } catch (error) {
    if (watched.failed()) throw error;
    return fail('unreadable', `the page's ${codings.join(' and ')} compression is broken`);
  }
}

async function readCapped(
  decoded: AsyncIterable<Uint8Array>,
  maxBytes: number,
): Promise<DecodedBody> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of decoded) {
    const room = maxBytes - size;
    if (chunk.byteLength > room) {
      chunks.push(chunk.subarray(0, room));
      return { body: joined(chunks), partial: true };
    }
    chunks.push(chunk);
    size += chunk.byteLength;
  }
  return { body: joined(chunks), partial: false };
}

/**
 * The chunks in one plain Uint8Array of its own: not a Buffer (pdf.js refuses
 * those), and not a view into Node's shared pool, which a consumer that
 * transfers the underlying ArrayBuffer would take with it.
 */
function joined(chunks: readonly Uint8Array[]): Uint8Array {
  const body = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** The source's chunks, remembering whether the source itself failed (so a decoder did not). */
function watch(source: AsyncIterable<Uint8Array>) {
  let failed = false;
  async function* chunks(): AsyncGenerator<Uint8Array> {
    try {
      yield* source;
    } catch (error) {
      failed = true;
      throw error;
    }
  }
  return { chunks: chunks(), failed: () => failed };
}

/** One decoding stage; deflate needs its first bytes to tell zlib-wrapped from raw. */
async function* undoCoding(
  source: AsyncIterable<Uint8Array>,
  coding: Coding,
): AsyncGenerator<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) return;
  const decoder = decoderFor(coding, first.value);
  // The pipeline's last stream is the decoder; ending this generator early destroys both.
  yield* pipeline(Readable.from(prepend(first.value, iterator)), decoder, () => {});
}

async function* prepend(
  first: Uint8Array,
  rest: AsyncIterator<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  yield first;
  // Delegating hands an early return on to the source, which then stops reading too.
  yield* { [Symbol.asyncIterator]: () => rest };
}

function decoderFor(coding: Coding, start: Uint8Array): Transform {
  switch (coding) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip(ZLIB_OPTIONS);
    case 'deflate':
      // Servers send both the zlib format HTTP names and bare deflate (RFC 1951); accept either.
      return isZlibHeader(start)
        ? zlib.createInflate(ZLIB_OPTIONS)
        : zlib.createInflateRaw(ZLIB_OPTIONS);
    case 'br':
      return zlib.createBrotliDecompress(BROTLI_OPTIONS);
  }
}

/** RFC 1950: method 8 (deflate), a window of at most 32 KiB, and a header that is a multiple of 31. */
function isZlibHeader(start: Uint8Array): boolean {
  const [method = 0, flags] = start;
  if ((method & 0x0f) !== 8 || method >> 4 > 7) return false;
  return flags === undefined || (method * 256 + flags) % 31 === 0;
}
