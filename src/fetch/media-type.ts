/** What lookout does with a response, by its type. */
export type ContentKind = 'html' | 'pdf' | 'text' | 'json' | 'unsupported';

/** Types read as they are: text, and the structured formats a model reads well. */
const TEXT_TYPES = new Set([
  'text/plain',
  'text/markdown',
  'text/x-markdown',
  'text/csv',
  'text/tab-separated-values',
  'text/xml',
  'application/xml',
  'application/rss+xml',
  'application/atom+xml',
  'application/x-ndjson',
  'application/jsonl',
  'application/yaml',
  'text/yaml',
  'application/x-yaml',
  'application/javascript',
  'text/javascript',
  'text/css',
]);

/** How many bytes to look at when the type is missing or generic. */
const SNIFF_BYTES = 512;

/** The kind of a response: by its Content-Type, and by its first bytes when the type says nothing. */
export function contentKind(mediaType: string, body: Uint8Array): ContentKind {
  if (mediaType === 'text/html' || mediaType === 'application/xhtml+xml') return 'html';
  if (mediaType === 'application/pdf') return 'pdf';
  if (mediaType === 'application/json' || mediaType.endsWith('+json')) return 'json';
  if (TEXT_TYPES.has(mediaType) || mediaType.endsWith('+xml')) return 'text';
  if (
    mediaType === '' ||
    mediaType === 'application/octet-stream' ||
    mediaType === 'binary/octet-stream'
  ) {
    return sniff(body);
  }
  return mediaType.startsWith('text/') ? 'text' : 'unsupported';
}

function sniff(body: Uint8Array): ContentKind {
  const head = Buffer.from(body.subarray(0, SNIFF_BYTES))
    .toString('latin1')
    .trimStart()
    .toLowerCase();
  if (head.startsWith('%pdf-')) return 'pdf';
  if (/^(<!doctype html|<html|<head|<body)/.test(head)) return 'html';
  if (/^[[{]/.test(head)) return 'json';
  // Text has no NUL bytes and few control characters.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this looks for
  return head.length > 0 && !/[\u0000-\u0008\u000e-\u001a]/.test(head) ? 'text' : 'unsupported';
}
