import iconv from 'iconv-lite';

/** How far into a page a `<meta charset>` may stand (the HTML standard's prescan length). */
const PRESCAN_BYTES = 1024;

const BOMS: readonly [bytes: readonly number[], label: string][] = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xfe, 0xff], 'utf-16be'],
  [[0xff, 0xfe], 'utf-16le'],
];

const META_CHARSET = /<meta\b[^>]*?\bcharset\s*=\s*["']?\s*([\w.:-]+)/i;
const XML_ENCODING = /^\s*<\?xml\b[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/i;
const HEADER_CHARSET = /;\s*charset\s*=\s*["']?([\w.:-]+)/i;

function bomLabel(bytes: Uint8Array): [label: string, length: number] | undefined {
  for (const [bom, label] of BOMS) {
    if (bom.every((byte, index) => bytes[index] === byte)) return [label, bom.length];
  }
  return undefined;
}

/**
 * The Encoding standard's name for a label (`latin1` → `windows-1252`,
 * `gb2312` → `gbk`), or undefined for labels it does not know or that
 * iconv-lite cannot decode.
 */
function encodingOf(label: string | undefined): string | undefined {
  if (!label) return undefined;
  let encoding: string;
  try {
    // TextDecoder only resolves the label: Node 20 decodes windows-1252 as latin1, iconv-lite does not.
    encoding = new TextDecoder(label.trim().toLowerCase()).encoding;
  } catch {
    return undefined;
  }
  // A page cannot declare itself UTF-16 from inside ASCII-compatible bytes (HTML standard).
  if (encoding.startsWith('utf-16')) return 'utf-8';
  return iconv.encodingExists(encoding) ? encoding : undefined;
}

const hasNonAscii = (bytes: Uint8Array): boolean => bytes.some((byte) => byte > 0x7f);

const isUtf8 = (bytes: Uint8Array): boolean => {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
};

/**
 * Bytes of a text response as a string: a byte-order mark; then UTF-8 when
 * the bytes are valid UTF-8 with non-ASCII characters, whatever is declared;
 * then the Content-Type charset, an XML declaration or a `<meta charset>`
 * near the start; with none, windows-1252 (what browsers assume).
 */
export function decodeText(bytes: Uint8Array, contentTypeHeader: string | null): string {
  const bom = bomLabel(bytes);
  if (bom) return iconv.decode(Buffer.from(bytes.subarray(bom[1])), bom[0]);
  // Text in a legacy encoding is almost never valid UTF-8 with multi-byte characters, while
  // pages re-saved as UTF-8 that still declare iso-8859-1 or gb2312 (and servers that add
  // charset=iso-8859-1 to everything) are common: such bytes are read as UTF-8.
  if (hasNonAscii(bytes) && isUtf8(bytes)) return iconv.decode(Buffer.from(bytes), 'utf-8');
  const head = Buffer.from(bytes.subarray(0, PRESCAN_BYTES)).toString('latin1');
  const encoding =
    encodingOf(HEADER_CHARSET.exec(contentTypeHeader ?? '')?.[1]) ??
    encodingOf(XML_ENCODING.exec(head)?.[1]) ??
    encodingOf(META_CHARSET.exec(head)?.[1]) ??
    (isUtf8(bytes) ? 'utf-8' : 'windows-1252');
  return iconv.decode(Buffer.from(bytes), encoding);
}
