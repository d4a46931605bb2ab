import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freshDataDir } from '../cli/run-cli.js';
import { type EngineFakes, startEngineFakes } from '../fakes/engines.js';
import { type ModelServer, startModelServer } from '../fakes/model-server.js';
import { type SiteFake, send, startSite } from '../fakes/site-fake.js';
import { clearScreenshots, launchChromium, screenshot } from './browser.js';
import { type ServeProcess, startServe } from './lookout-serve.js';

/**
 * The web UI end to end: Debian's Chromium against the built `lookout serve`,
 * whose search providers and model server are fakes on 127.0.0.1.
 */
describe('the web UI in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let serve: ServeProcess;
  let model: ModelServer;
  let fakes: EngineFakes;
  let site: SiteFake;
  const dataDir = freshDataDir();
  const KEY = 'sk-e2e-0123456789-DO-NOT-SHOW';

  const env = () => ({
    ...fakes.env(),
    LOOKOUT_PORT: serve ? String(serve.port) : '0',
    LOOKOUT_DATA_DIR: dataDir,
    // The page the model reads is on loopback: let the fetcher reach that one port.
    LOOKOUT_ALLOWED_HOSTS: `127.0.0.1:${site.port}`,
    // No LOOKOUT_UPSTREAM: the first test sets the model server in Settings, as a person would.
  });

  beforeAll(async () => {
    clearScreenshots();
    [model, fakes, browser, site] = await Promise.all([
      startModelServer({ model: 'qwen3.5-9b' }),
      startEngineFakes(),
      launchChromium(),
      startSite({
        '/blog/tokio-1-48': send(
          'text/html; charset=utf-8',
          '<html><head><title>Tokio 1.48 &lt;released&gt;</title></head><body><nav>Home · Blog</nav><article><h1>Tokio 1.48 released</h1><p>Tokio 1.48 came out in November with a faster scheduler and fewer wake-ups.</p><p>Upgrading needs no code changes.</p></article></body></html>',
        ),
      }),
    ]);
    serve = await startServe(env());
    page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    page.setDefaultTimeout(10_000);
  });
  afterAll(async () => {
    await browser?.close();
    await serve?.stop();
    await Promise.all([model?.close(), fakes?.close(), site?.close()]);
  });

  // A failing step leaves a picture of what the page showed.
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail' && page)
      await screenshot(page, `failed-${context.task.name.slice(0, 40).replace(/\W+/g, '-')}`);
  });

  const composer = () => page.getByRole('textbox', { name: 'Message' });
  const assistantMessages = () => page.locator('article.message.assistant');
  const ask = async (question: string) => {
    await composer().fill(question);
    await composer().press('Enter');
  };

  const saveModelServer = async (address: string) => {
    const group = page.locator('#model-server-settings');
    await group.getByLabel('upstream').fill(address);
    await group.getByRole('button', { name: 'Save' }).click();
    await group.getByText('Saved.').waitFor();
  };

  it('says there is no model server and how to set one; Settings sets it', async () => {
    await page.goto(`${serve.url}/settings`);
    // A port where nothing listens.
    await saveModelServer('http://127.0.0.1:9/v1');
    await page.getByText('the model server at http://127.0.0.1:9/v1 lists no model').waitFor();

    await page.getByRole('link', { name: '+ New chat' }).click();
    await ask('are you there?');
    await page.getByText('No model server to answer.').waitFor();
    await screenshot(page, '01-no-model-server');

    await page.getByRole('alert').getByRole('link', { name: 'Settings' }).click();
    await saveModelServer(model.url);
    await page.getByText(`Chats talk to qwen3.5-9b at ${model.url}.`).waitFor();
  });

  it('answers a question, showing the search while it runs and folded after', async () => {
    await page.getByRole('link', { name: '+ New chat' }).click();
    fakes.duckduckgo.delayMs = 1_500;
    model.script([
      {
        kind: 'tool-calls',
        calls: [{ name: 'web_search', arguments: { query: 'tokio release' } }],
      },
      { kind: 'text', text: 'Tokio 1.48 is out; see [the Tokio site](https://tokio.rs/).' },
    ]);
    await ask('what is the latest tokio release?');

    const status = page.getByRole('status').filter({ hasText: 'searching: tokio release…' });
    await status.waitFor();
    await screenshot(page, '02-chat-searching');

    const row = page.getByRole('button', { name: 'searched: tokio release (5 results)' });
    await row.waitFor();
    await page.getByText('Tokio 1.48 is out').waitFor();
    expect(await status.count()).toBe(0);
    expect(await row.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByText('Tokio is an asynchronous runtime').count()).toBe(0);
    await screenshot(page, '03-chat-search-collapsed');

    await row.click();
    expect(await row.getAttribute('aria-expanded')).toBe('true');
    // Escaped: the snippet's "<for>" is text, the title's quotes and ampersand too.
    const found = page.locator('.sources');
    await found.getByText('Tokio is an asynchronous runtime <for> tokio release.').waitFor();
    await found.getByText('Tokio & "friends": tokio release').waitFor();
    expect(await page.locator('article for').count()).toBe(0);
    const link = page.locator('.sources').getByRole('link', { name: 'https://tokio.rs/' });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    // Four rows, then the rest on request.
    expect(await page.locator('.sources .source').count()).toBe(4);
    await page.getByRole('button', { name: 'show 1 more' }).click();
    expect(await page.locator('.sources .source').count()).toBe(5);
    await screenshot(page, '04-chat-search-expanded');

    // Under the answer, the page it names.
    expect(
      await page.getByRole('list', { name: 'Sources' }).getByRole('link').allTextContents(),
    ).toEqual(['Tokio & "friends": tokio release']);
    // The reply's own link opens elsewhere, safely.
    const replyLink = page.locator('.markdown').getByRole('link', { name: 'the Tokio site' });
    expect(await replyLink.getAttribute('rel')).toBe('noopener noreferrer');
    expect(new URL(page.url()).pathname).toMatch(/^\/chats\/.+/);
  });

  it('shows a page read as "read <host>", the full address in its tooltip', async () => {
    const address = `${site.url}/blog/tokio-1-48`;
    model.script([
      { kind: 'tool-calls', calls: [{ name: 'web_fetch', arguments: { url: address } }] },
      { kind: 'text', text: 'The release post says upgrading needs no code changes.' },
    ]);
    await ask('what does the release post say?');
    const row = page.getByRole('button', { name: `read 127.0.0.1:${site.port}` });
    await row.waitFor();
    expect(await row.getAttribute('title')).toBe(address);
    await page.getByText('The release post says').waitFor();
    await row.click();
    await page.locator('.sources').getByText('Tokio 1.48 <released>').waitFor();
    expect(site.hits).toEqual(['/blog/tokio-1-48']);
  });

  it('keeps the chat and its activity across a reload', async () => {
    await page.reload();
    const row = page.getByRole('button', { name: 'searched: tokio release (5 results)' });
    await row.waitFor();
    await page.getByText('Tokio 1.48 is out').waitFor();
    expect(
      await page.getByRole('link', { name: 'what is the latest tokio release?' }).count(),
    ).toBe(1);
  });

  it('offers no web tools once Web is switched off in the Tools menu', async () => {
    await page.getByRole('button', { name: /Tools/ }).click();
    const web = page.getByRole('switch', { name: 'Web' });
    expect(await web.getAttribute('aria-checked')).toBe('true');
    await web.click();
    await expect.poll(() => web.getAttribute('aria-checked')).toBe('false');
    await page.keyboard.press('Escape');

    const searchesBefore = fakes.duckduckgo.requests.length;
    const asked = model.requests.length;
    model.script([{ kind: 'text', text: 'Without the web I cannot check; from memory, 1.4x.' }]);
    await ask('and without looking it up?');
    await page.getByText('Without the web I cannot check').waitFor();
    await screenshot(page, '05-chat-web-off');

    const request = model.requests[asked]?.body;
    expect(request?.messages).toBeDefined();
    expect(request?.tools).toBeUndefined();
    expect(fakes.duckduckgo.requests.length).toBe(searchesBefore);
    expect(await assistantMessages().last().locator('.activity').count()).toBe(0);
  });

  it('moves a provider up in Settings (buttons and keyboard), and the order stays after a reload', async () => {
    await page.getByRole('link', { name: 'Settings' }).click();
    // The keyless engines' order; the keyed providers between them stay where they are.
    const keyless = ['searxng', 'duckduckgo', 'brave_html', 'bing_html'];
    const order = async () =>
      (
        await page
          .locator('.provider-row[data-provider]')
          .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-provider')))
      ).filter((name) => keyless.includes(name ?? ''));
    await page.getByRole('button', { name: 'Move Bing up' }).waitFor();
    expect(await order()).toEqual(['searxng', 'duckduckgo', 'brave_html', 'bing_html']);

    await page.getByRole('button', { name: 'Move Bing up' }).click();
    await expect.poll(order).toEqual(['searxng', 'duckduckgo', 'bing_html', 'brave_html']);
    // Keyboard: a focused row moves with "d" and "u", and keeps the focus as it moves.
    await page.locator('.provider-row[data-provider="duckduckgo"]').focus();
    await page.keyboard.press('d');
    await expect.poll(order).toEqual(['searxng', 'bing_html', 'duckduckgo', 'brave_html']);
    await page.keyboard.press('u');
    await expect.poll(order).toEqual(['searxng', 'duckduckgo', 'bing_html', 'brave_html']);

    await page.reload();
    await page.getByRole('button', { name: 'Move Bing up' }).waitFor();
    expect(await order()).toEqual(['searxng', 'duckduckgo', 'bing_html', 'brave_html']);
  });

  it('tests the providers: one row per provider, and the first answer', async () => {
    fakes.reset();
    fakes.brave.mode = 'challenge';
    await page.getByRole('button', { name: 'Test providers' }).click();
    const rows = page.locator('.test-table tbody tr');
    await rows.first().waitFor();
    const onProviders = await page
      .locator('.provider-row:not(.off)')
      .evaluateAll((found) => found.map((row) => row.getAttribute('data-provider')));
    const tested = await rows.evaluateAll((found) =>
      found.map((row) => row.querySelector('td')?.childNodes[0]?.textContent?.trim()),
    );
    expect(tested).toEqual(onProviders);
    expect(await page.locator('.test-table tr.outcome-challenged').count()).toBe(1);
    await page.getByText(/First answer: duckduckgo/).waitFor();
    await screenshot(page, '06-settings-test-table');
    fakes.reset();
  });

  it('saves a key without ever showing it back', async () => {
    const field = page.locator('.key-field[data-key="upstream"]');
    await field.getByLabel('Model server key').fill(KEY);
    await field.getByRole('button', { name: 'Save key' }).click();
    await field.getByText('A key is set').waitFor();
    expect(await field.getByLabel('Model server key').inputValue()).toBe('');
    await page.reload();
    await field.getByText('A key is set').waitFor();
    expect(await page.content()).not.toContain(KEY);
    const api = await Promise.all(
      ['/api/keys', '/api/settings', '/api/search/config'].map(async (path) =>
        (await fetch(`${serve.url}${path}`)).text(),
      ),
    );
    for (const body of api) expect(body).not.toContain(KEY);
    await screenshot(page, '07-settings-key-set');
  });

  it('finds an earlier message in History and opens its chat at it', async () => {
    await page.getByRole('link', { name: 'History' }).click();
    await page.getByRole('searchbox', { name: 'Search past messages' }).fill('tokio release');
    const hit = page.locator('.history-hits li').first();
    await hit.waitFor();
    expect(await hit.locator('mark').first().textContent()).toMatch(/tokio/i);
    await screenshot(page, '08-history-search');
    await hit.getByRole('link').click();
    await page.locator('article.highlighted').waitFor();
    expect(await page.locator('article.highlighted').textContent()).toMatch(/tokio/i);
  });

  it('stops a running answer with Escape, keeping what was said', async () => {
    model.script([{ kind: 'stall', afterHeaders: true }]);
    await ask('a question to stop');
    await page.getByRole('button', { name: 'Stop' }).waitFor();
    const asked = model.requests.length;
    await composer().press('Escape');
    await page.getByText('Stopped.').waitFor();
    await page.getByRole('button', { name: 'Send' }).waitFor();
    // The model server saw its request end.
    await model.requests[asked - 1]?.closed;
  });

  it('lets an answer finish while another chat is open, and shows it on return', async () => {
    model.script([
      {
        kind: 'text',
        text: 'A slow answer, written while you were elsewhere.',
        pace: { firstMs: 3_000, pieceMs: 20 },
      },
    ]);
    await page.getByRole('link', { name: '+ New chat' }).click();
    await ask('answer me slowly');
    // The address changes with history.pushState, which waitForURL would wait on as a load.
    await expect.poll(() => page.url()).toMatch(/\/chats\/.+/);
    const list = page.getByRole('list', { name: 'Chats' });
    await list.getByRole('link', { name: 'what is the latest tokio release?' }).click();
    await page.getByText('Tokio 1.48 is out').waitFor();
    await list.getByRole('link', { name: 'answer me slowly' }).click();
    // The server says the answer is still being written; the page shows it once stored.
    await page.getByRole('status').filter({ hasText: 'still answering…' }).waitFor();
    await page.getByText('A slow answer, written while you were elsewhere.').waitFor();
    expect(await page.getByText('still answering…').count()).toBe(0);
  });

  it('renames and deletes a chat from the list', async () => {
    const list = page.getByRole('list', { name: 'Chats' });
    // A row's buttons show on hover or keyboard focus.
    await list.getByRole('listitem').filter({ hasText: 'are you there?' }).hover();
    await list.getByRole('button', { name: 'Rename are you there?' }).click();
    const title = list.getByRole('textbox', { name: 'Chat title' });
    await title.fill('Model server check');
    await title.press('Enter');
    await list.getByRole('link', { name: 'Model server check' }).waitFor();

    page.once('dialog', (dialog) => void dialog.accept());
    await list.getByRole('listitem').filter({ hasText: 'Model server check' }).hover();
    await list.getByRole('button', { name: 'Delete Model server check' }).click();
    await list.getByRole('link', { name: 'Model server check' }).waitFor({ state: 'detached' });
    const chats = (await (await fetch(`${serve.url}/api/chats`)).json()) as { title: string }[];
    expect(chats.map((chat) => chat.title)).not.toContain('Model server check');
  });

  it('says when no search provider works, with each reason', async () => {
    for (const fake of fakes.all) fake.mode = 'forbidden';
    model.script([
      { kind: 'tool-calls', calls: [{ name: 'web_search', arguments: { query: 'rust news' } }] },
      { kind: 'text', text: 'I could not search just now.' },
    ]);
    await page.getByRole('link', { name: '+ New chat' }).click();
    await ask('any rust news?');
    await page.getByText('I could not search just now.').waitFor();
    // Said under the answer, and still there once the turn is stored.
    await page.getByText('No search provider works right now.').waitFor();
    await page.reload();
    await page.getByText('No search provider works right now.').waitFor();
    const notice = await page
      .locator('.notice')
      .filter({ hasText: 'No search provider' })
      .textContent();
    expect(notice).toMatch(/duckduckgo/);
    expect(notice).toMatch(/bing_html/);
    await page.getByRole('button', { name: /search failed: rust news/ }).waitFor();
    await screenshot(page, '09-no-provider-works');
    fakes.reset();
  });

  it('says when the search limit is reached', async () => {
    await page.getByRole('link', { name: 'Settings' }).click();
    const limits = page.locator('#limits');
    await limits.getByLabel('search_limit_per_user').fill('1');
    await limits.getByRole('button', { name: 'Save' }).click();
    await limits.getByText('Saved.').waitFor();

    model.script([
      {
        kind: 'tool-calls',
        calls: [
          { name: 'web_search', arguments: { query: 'limit one' } },
          { name: 'web_search', arguments: { query: 'limit two' } },
        ],
      },
      { kind: 'text', text: 'One search was enough.' },
    ]);
    await page.getByRole('link', { name: '+ New chat' }).click();
    await ask('search twice, please');
    await page.getByText('One search was enough.').waitFor();
    await page.getByText('Search limit reached.').waitFor();
    expect(
      await page.locator('.notice').filter({ hasText: 'Search limit reached.' }).textContent(),
    ).toMatch(/try again in \d+ s/);
    await page
      .getByRole('button', { name: /search failed: limit (one|two) — the search limit/ })
      .waitFor();
    await screenshot(page, '10-search-limit');
  });

  it('says when the connection is lost, and Retry answers once lookout is back', async () => {
    model.script([{ kind: 'stall', afterHeaders: true }]);
    await ask('this answer will be cut');
    await page.getByRole('status').filter({ hasText: 'thinking…' }).waitFor();
    // Gone without a word, as a crash or a dropped network leaves it.
    serve.child.kill('SIGKILL');
    await page.getByText('Connection lost.').waitFor();
    await screenshot(page, '11-connection-lost');

    serve = await startServe(env());
    model.script([{ kind: 'text', text: 'Back again, with the answer.' }]);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('Back again, with the answer.').waitFor();
    expect(await page.getByText('Connection lost.').count()).toBe(0);
    // The question had reached the store before the crash: it is asked again, not stored twice.
    await page.reload();
    await page.getByText('Back again, with the answer.').waitFor();
    expect(
      await page
        .locator('article.message.user')
        .filter({ hasText: 'this answer will be cut' })
        .count(),
    ).toBe(1);
  });
});

describe('the web UI of a lookout with tokens', () => {
  let browser: Browser;
  let serve: ServeProcess;

  beforeAll(async () => {
    browser = await launchChromium();
    serve = await startServe({
      LOOKOUT_PORT: '0',
      LOOKOUT_DATA_DIR: freshDataDir(),
      LOOKOUT_ADMIN_TOKEN: 'admin-e2e-0123456789',
      LOOKOUT_USER_TOKENS: 'user-e2e-0123456789',
      LOOKOUT_UPSTREAM: 'http://127.0.0.1:9/v1',
    });
  });
  afterAll(async () => {
    await browser?.close();
    await serve?.stop();
  });

  it('asks for the token, refuses a wrong one, and shows a user no Settings', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(5_000);
    await page.goto(serve.url);
    const token = page.getByLabel('Access token');
    await token.fill('not-the-token');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText(/the token is not valid/).waitFor();

    await token.fill('user-e2e-0123456789');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    expect(await page.getByRole('link', { name: 'History' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Settings' }).count()).toBe(0);
    // The token stays in this browser: a reload goes straight to the chat.
    await page.reload();
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
  });
});
