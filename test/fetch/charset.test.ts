import { describe, expect, it } from 'vitest';
import { decodeText } from '../../src/fetch/charset.js';

const bytes = (text: string, encoding: BufferEncoding = 'utf8') =>
  new Uint8Array(Buffer.from(text, encoding));
const win1252 = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

describe('decodeText', () => {
  it('reads UTF-8 with and without a byte-order mark', () => {
    expect(decodeText(bytes('Zürich 東京'), null)).toBe('Zürich 東京');
    expect(
      decodeText(
        new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('ça')]),
        'text/html; charset=iso-8859-1',
      ),
    ).toBe('ça');
  });

  it('reads UTF-16 when a byte-order mark says so', () => {
    expect(decodeText(new Uint8Array([0xff, 0xfe, ...bytes('hé', 'utf16le')]), null)).toBe('hé');
  });

  it('follows the Content-Type charset first', () => {
    expect(decodeText(win1252('caf\u00e9 \u0080'), 'text/html; charset=windows-1252')).toBe(
      'café €',
    );
    expect(decodeText(win1252('caf\u00e9'), 'text/plain; charset="ISO-8859-1"')).toBe('café');
  });

  it('reads a <meta charset> or http-equiv declaration near the start', () => {
    const page = `<html><head><meta charset="windows-1251"><title>${'\u00cf\u00f0\u00e8'}</title>`;
    expect(decodeText(win1252(page), 'text/html')).toContain('<title>При</title>');
    const equiv = '<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">';
    const japanese = Buffer.concat([Buffer.from(equiv), Buffer.from([0x93, 0xfa, 0x96, 0x7b])]);
    expect(decodeText(new Uint8Array(japanese), null)).toContain('日本');
  });

  it('reads an XML declaration', () => {
    const feed = Buffer.concat([
      Buffer.from('<?xml version="1.0" encoding="ISO-8859-2"?><t>'),
      Buffer.from([0xb1]),
      Buffer.from('</t>'),
    ]);
    expect(decodeText(new Uint8Array(feed), 'application/xml')).toContain('<t>ą</t>');
  });

  it('guesses windows-1252 for bytes that are not UTF-8 and declare nothing', () => {
    expect(decodeText(win1252('na\u00efve \u0093quoted\u0094'), null)).toBe('naïve “quoted”');
  });

  it('ignores labels it does not know, and UTF-16 declared inside ASCII bytes', () => {
    expect(decodeText(bytes('plain ü'), 'text/html; charset=x-nonsense')).toBe('plain ü');
    expect(decodeText(bytes('<meta charset="utf-16">ü'), null)).toBe('<meta charset="utf-16">ü');
  });

  it('reads valid UTF-8 as UTF-8 even when the page or the server declares a legacy charset', () => {
    const page = `<html><head><meta charset="gb2312"><title>新电脑</title></head><body>Zürich</body></html>`;
    expect(decodeText(bytes(page), null)).toContain('<title>新电脑</title>');
    expect(decodeText(bytes('café crème'), 'text/html; charset=iso-8859-1')).toBe('café crème');
  });
});
