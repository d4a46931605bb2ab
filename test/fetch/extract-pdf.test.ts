import { describe, expect, it } from 'vitest';
import { extractPdf } from '../../src/fetch/extract/pdf.js';
import { makePdf } from '../fakes/make-pdf.js';

describe('extractPdf', () => {
  it('gives the text page by page under Page N lines', async () => {
    const outcome = await extractPdf(
      makePdf(['First page (one)', 'Second page'], { title: 'A report' }),
    );
    expect(outcome).toEqual({
      ok: true,
      value: {
        text: 'Page 1\n\nFirst page (one)\n\nPage 2\n\nSecond page',
        pages: 2,
        title: 'A report',
      },
    });
  });

  it('refuses a PDF with a password, saying so', async () => {
    const outcome = await extractPdf(makePdf(['secret'], { encrypted: true }));
    expect(outcome).toEqual({
      ok: false,
      failure: { code: 'unreadable', message: 'the PDF is protected by a password' },
    });
  });

  it('refuses a damaged PDF, saying so', async () => {
    for (const bytes of [
      new Uint8Array(Buffer.from('%PDF-1.4\ngarbage')),
      makePdf(['x']).slice(0, 200),
    ]) {
      const outcome = await extractPdf(bytes);
      expect(outcome).toMatchObject({
        ok: false,
        failure: { code: 'unreadable', message: expect.stringMatching(/damaged/) },
      });
    }
  });
});
