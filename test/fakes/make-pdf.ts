/**
 * A small, valid PDF written by hand (Helvetica text, one line a page), so
 * tests need no PDF library of their own. `encrypted` adds a Standard
 * security handler whose user password is not empty.
 */
export function makePdf(
  pages: readonly string[],
  { encrypted = false, title = '' } = {},
): Uint8Array {
  const objects: string[] = [];
  const add = (body: string): number => objects.push(body);
  const escapeText = (text: string) => text.replace(/[()\\]/g, (character) => `\\${character}`);

  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const pagesId = objects.length + 1 + pages.length * 2;
  const pageIds = pages.map((text) => {
    const stream = `BT /F1 12 Tf 72 720 Td (${escapeText(text)}) Tj ET`;
    const content = add(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
    return add(
      `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 612 792] /Contents ${content} 0 R /Resources << /Font << /F1 ${font} 0 R >> >> >>`,
    );
  });
  add(
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`,
  );
  const catalog = add(`<< /Type /Catalog /Pages ${pagesId} 0 R >>`);
  let trailer = `/Size ${objects.length + 1} /Root ${catalog} 0 R`;
  if (title) trailer += ` /Info ${add(`<< /Title (${escapeText(title)}) >>`)} 0 R`;
  if (encrypted) {
    const security = add(
      `<< /Filter /Standard /V 1 /R 2 /O <${'ab'.repeat(32)}> /U <${'cd'.repeat(32)}> /P -4 >>`,
    );
    trailer = `/Size ${objects.length + 1} /Root ${catalog} 0 R /Encrypt ${security} 0 R /ID [<${'01'.repeat(16)}> <${'01'.repeat(16)}>]`;
  }

  let out = '%PDF-1.4\n';
  const offsets = objects.map((body, index) => {
    const offset = Buffer.byteLength(out, 'latin1');
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< ${trailer} >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}
