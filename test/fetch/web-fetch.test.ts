import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webFetch } from '../../src/fetch/web-fetch.js';
import { defaultSettings } from '../../src/settings/schema.js';
import { makePdf } from '../fakes/make-pdf.js';
import { type SiteFake, send, startSite } from '../fakes/site-fake.js';

const ARTICLE = `<!doctype html><html><head><title>Tokio guide</title>
<meta property="og:site_name" content="Example Docs"></head><body>
<nav><a href="/">Home</a> <a href="/about">About</a></nav>
<main><h1>Tokio guide</h1>
<p>Tokio is an asynchronous runtime for Rust. It gives the building blocks for network applications, with a scheduler, timers and I/O.</p>
<p>See <a href="/docs/intro">the introduction</a> for more about tasks, and how the runtime drives futures to completion across threads.</p>
</main><footer>© Example</footer></body></html>`;

describe('webFetch', () => {
  let site: SiteFake;
  beforeAll(async () => {
    site = await startSite({
      '/article': send('text/html; charset=utf-8', ARTICLE),
      '/latin1': send(
        'text/html',
        Buffer.from(
          `<html><body><main><p>${'Caf\u00e9 cr\u00e8me \u0093quoted\u0094. '.repeat(12)}</p></main></body></html>`,
          'latin1',
        ),
      ),
      '/notes.txt': send('text/plain; charset=utf-8', 'line one\nline two\n'),
      '/data.json': send('application/json', '{"a":1,"b":[true,null]}'),
      '/feed.xml': send('application/rss+xml', '<rss><channel><title>Feed</title></channel></rss>'),
      '/table.csv': send('text/csv', 'a,b\n1,2\n'),
      '/doc.pdf': send(
        'application/pdf',
        makePdf(['Page one text', 'Page two text'], { title: 'A PDF' }),
      ),
      '/locked.pdf': send('application/pdf', makePdf(['secret'], { encrypted: true })),
      '/image.png': send('image/png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])),
      '/empty': send('text/html', ''),
      '/long.txt': send('text/plain', `${'a'.repeat(150)}${'b'.repeat(150)}`),
      '/gzip': (response) =>
        response
          .writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' })
          .end(gzipSync('compressed text')),
      '/redirect': (response) => response.writeHead(302, { location: '/notes.txt' }).end(),
      '/missing': send('text/html', '<h1>Gone</h1>', 404),
    });
  });
  afterAll(() => site.close());

  const settings = () => ({ ...defaultSettings(), allowed_hosts: [`127.0.0.1:${site.port}`] });
  const read = (path: string, extra = {}) =>
    webFetch({ url: `${site.url}${path}`, ...extra }, { settings: settings() });

  it('reads an HTML page as Markdown of its main content, with its metadata', async () => {
    const outcome = await read('/article');
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const page = outcome.value;
    expect(page).toMatchObject({
      url: `${site.url}/article`,
      finalUrl: `${site.url}/article`,
      host: `127.0.0.1:${site.port}`,
      status: 200,
      contentType: 'text/html',
      title: 'Tokio guide',
      siteName: 'Example Docs',
      format: 'markdown',
      start: 0,
    });
    expect(page.content).toContain('Tokio is an asynchronous runtime for Rust.');
    expect(page.content).toContain(`[the introduction](${site.url}/docs/intro)`);
    expect(page.content).not.toMatch(/About|© Example/);
    expect(page.truncated).toBeUndefined();
  });

  it('gives plain text with format text', async () => {
    const outcome = await read('/article', { format: 'text' });
    expect(outcome.ok && outcome.value.content).toContain(
      `the introduction <${site.url}/docs/intro>`,
    );
    expect(outcome.ok && outcome.value.format).toBe('text');
  });

  it('decodes a legacy charset', async () => {
    const outcome = await read('/latin1');
    expect(outcome.ok && outcome.value.content).toContain('Café crème “quoted”.');
  });

  it.each([
    ['/notes.txt', 'line one\nline two\n'],
    ['/data.json', '{\n  "a": 1,\n  "b": [\n    true,\n    null\n  ]\n}'],
    ['/feed.xml', '<rss><channel><title>Feed</title></channel></rss>'],
    ['/table.csv', 'a,b\n1,2\n'],
    ['/gzip', 'compressed text'],
  ])('returns %s as it is', async (path, content) => {
    const outcome = await read(path);
    expect(outcome).toMatchObject({ ok: true, value: { content, format: 'text' } });
  });

  it('reads a PDF page by page', async () => {
    const outcome = await read('/doc.pdf');
    expect(outcome).toMatchObject({
      ok: true,
      value: {
        title: 'A PDF',
        contentType: 'application/pdf',
        content: 'Page 1\n\nPage one text\n\nPage 2\n\nPage two text',
      },
    });
  });

  it.each([
    ['/locked.pdf', 'unreadable', /password/],
    ['/image.png', 'unsupported_type', /unsupported type image\/png/],
    ['/empty', 'empty', /empty/],
    ['/missing', 'http_status', /404/],
  ])('refuses %s with %s', async (path, code, message) => {
    const outcome = await read(path);
    expect(outcome).toMatchObject({
      ok: false,
      failure: { code, message: expect.stringMatching(message) },
    });
  });

  it('cuts long text to max_chars and gives the next part from start', async () => {
    const first = await read('/long.txt', { maxChars: 100 });
    expect(first).toMatchObject({
      ok: true,
      value: { content: 'a'.repeat(100), totalChars: 300, start: 0, truncated: true },
    });
    const second = await read('/long.txt', { maxChars: 100, start: 100 });
    expect(second).toMatchObject({
      ok: true,
      value: { content: `${'a'.repeat(50)}${'b'.repeat(50)}`, start: 100 },
    });
    const last = await read('/long.txt', { maxChars: 100, start: 200 });
    expect(last.ok && last.value.truncated).toBeUndefined();
  });

  it('follows a redirect and says where it ended', async () => {
    const outcome = await read('/redirect');
    expect(outcome).toMatchObject({
      ok: true,
      value: { url: `${site.url}/redirect`, finalUrl: `${site.url}/notes.txt` },
    });
  });

  it('refuses loopback when the host is not allowed, without a connection', async () => {
    const hits = site.hits.length;
    const outcome = await webFetch(
      { url: `${site.url}/article` },
      { settings: { ...defaultSettings(), ports: [site.port] } },
    );
    expect(outcome).toMatchObject({ ok: false, failure: { code: 'blocked_address' } });
    expect(site.hits.length).toBe(hits);
  });
});
