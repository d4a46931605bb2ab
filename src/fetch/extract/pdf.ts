import { fail, type Outcome, succeed } from '../../failure.js';

export interface ExtractedPdf {
  /** Each page's text under a `Page N` line. */
  text: string;
  title?: string;
  byline?: string;
  pages: number;
}

/** pdf.js is large: it loads on the first PDF, not with lookout. */
const loadPdfJs = () => import('pdfjs-dist/legacy/build/pdf.mjs');

interface TextItem {
  str?: string;
  hasEOL?: boolean;
}

/** A page's text items as lines: pdf.js marks line ends, and runs of spaces are collapsed. */
const pageText = (items: readonly TextItem[]): string =>
  items
    .map((item) => `${item.str ?? ''}${item.hasEOL ? '\n' : ''}`)
    .join('')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();

/** The text of a PDF, page by page; a PDF with a password or a damaged one is refused with that reason. */
export async function extractPdf(bytes: Uint8Array): Promise<Outcome<ExtractedPdf>> {
  const { getDocument } = await loadPdfJs();
  // pdf.js takes ownership of the buffer it is given: hand it a copy.
  const task = getDocument({
    data: bytes.slice(),
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
  });
  try {
    const document = await task.promise;
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      pages.push(`Page ${number}\n\n${pageText(content.items as TextItem[])}`);
      page.cleanup();
    }
    const { info } = (await document.getMetadata().catch(() => ({ info: {} }))) as {
      info: { Title?: unknown; Author?: unknown };
    };
    const title =
      typeof info.Title === 'string' && info.Title.trim() ? info.Title.trim() : undefined;
    const byline =
      typeof info.Author === 'string' && info.Author.trim() ? info.Author.trim() : undefined;
    return succeed({
      text: pages.join('\n\n'),
      pages: document.numPages,
      ...(title ? { title } : {}),
      ...(byline ? { byline } : {}),
    });
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'PasswordException')
      return fail('unreadable', 'the PDF is protected by a password');
    return fail('unreadable', 'the PDF is damaged and has no text lookout can read');
  } finally {
    await task.destroy();
  }
}
