import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiBase, findUpstream } from '../../src/chat/find-upstream.js';
import { type EngineFakes, startEngineFakes } from '../fakes/engines.js';
import { closedPort } from '../fakes/http-fake.js';
import { type ModelServer, startModelServer } from '../fakes/model-server.js';
import { runBin, runCli } from './run-cli.js';

describe('lookout chat', () => {
  let model: ModelServer;
  let fakes: EngineFakes;
  beforeAll(async () => {
    [model, fakes] = await Promise.all([
      startModelServer({ model: 'qwen3.5-9b' }),
      startEngineFakes(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([model.close(), fakes.close()]);
  });
  beforeEach(() => {
    model.requests.length = 0;
    fakes.reset();
  });

  const env = () => ({ ...fakes.env(true), LOOKOUT_UPSTREAM: model.url });
  const events = (stdout: string) =>
    stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));

  it('--prompt --json prints the events as NDJSON and recovers a leaked second call', async () => {
    model.script([
      { kind: 'tool-calls', calls: [{ name: 'web_search', arguments: { query: 'tokio' } }] },
      {
        kind: 'text',
        text: '',
        reasoning:
          '<tool_call>\n<function=web_search>\n<parameter=query>\ntokio changelog\n</parameter>\n</function>\n</tool_call>',
      },
      { kind: 'text', text: 'Tokio 1.48 is out.' },
    ]);
    const run = await runCli(['chat', '--prompt', 'latest tokio?', '--json'], env());
    expect(run.code).toBe(0);
    const list = events(run.stdout);
    expect(list.map((event) => event.type)).toEqual(
      expect.arrayContaining(['tool-start', 'tool-done', 'content', 'usage', 'done']),
    );
    const done = list.at(-1);
    expect(done).toMatchObject({ type: 'done', content: 'Tokio 1.48 is out.' });
    expect(done.activity.map((entry: { target: string }) => entry.target)).toEqual([
      'tokio',
      'tokio changelog',
    ]);
    expect(fakes.searxng.requests.map((request) => request.params.get('q'))).toEqual([
      'tokio',
      'tokio changelog',
    ]);
    const toolResult = (
      (model.requests[1]?.body.messages ?? []) as { role: string; content: string }[]
    ).find((m) => m.role === 'tool');
    expect(toolResult?.content).toMatch(/^Search results for "tokio" \(untrusted/);
  });

  it('prints the answer, folded activity and the sources for a person', async () => {
    model.script([
      {
        kind: 'tool-calls',
        calls: [{ name: 'web_search', arguments: { query: 'tokio', max_results: 2 } }],
      },
      { kind: 'text', text: 'See https://docs.rs/tokio/latest/tokio/ for details.' },
    ]);
    const run = await runCli(['chat', '--prompt', 'tokio?'], env());
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('▸ searched: tokio (2 results)');
    expect(run.stdout).toContain('See https://docs.rs/tokio/latest/tokio/ for details.');
    expect(run.stdout).toMatch(
      /Sources\n1\. {2}tokio - Rust\n {4}https:\/\/docs\.rs\/tokio\/latest\/tokio\//,
    );
  });

  it('shows a failed search as a folded line and still answers', async () => {
    for (const fake of fakes.all) fake.mode = 'server_error';
    model.script([
      { kind: 'tool-calls', calls: [{ name: 'web_search', arguments: { query: 'down' } }] },
      { kind: 'text', text: 'I could not search.' },
    ]);
    const run = await runCli(['chat', '--prompt', 'q'], env());
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/▸ search failed: down — no search provider works/);
  });

  it('sends no tools with --no-web', async () => {
    model.script([{ kind: 'text', text: 'From memory.' }]);
    const run = await runCli(['chat', '--prompt', 'q', '--no-web'], env());
    expect(run.code).toBe(0);
    expect(model.requests[0]?.body).not.toHaveProperty('tools');
  });

  it('exits 6 when the turn ends on an error, keeping the partial answer', async () => {
    model.script([
      {
        kind: 'stream-error',
        message: 'the request exceeds the available context size',
        text: 'Part',
      },
    ]);
    const run = await runCli(['chat', '--prompt', 'q', '--json'], env());
    expect(run.code).toBe(6);
    const list = events(run.stdout);
    expect(list.find((event) => event.type === 'error').message).toMatch(/context size/);
    expect(list.at(-1)).toMatchObject({ type: 'done', content: 'Part' });
  });

  it('says how to set a model server when none is found', async () => {
    const run = await runCli(['chat', '--prompt', 'q'], {
      ...fakes.env(),
      LOOKOUT_UPSTREAM: `http://127.0.0.1:${await closedPort()}`,
    });
    expect(run.code).toBe(6);
    expect(run.stderr).toMatch(/lists no model; set LOOKOUT_MODEL/);
  });

  it('holds a conversation from stdin, keeping the history, until stdin ends', async () => {
    model.script([
      { kind: 'text', text: 'First answer.' },
      { kind: 'text', text: 'Second answer.' },
    ]);
    const run = await runBin(['chat'], env(), 'first question\nsecond question\n');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('First answer.');
    expect(run.stdout).toContain('Second answer.');
    const second = (model.requests[1]?.body.messages ?? []) as { role: string; content: string }[];
    expect(
      second.filter((message) => message.role !== 'system').map((message) => message.content),
    ).toEqual(['first question', 'First answer.', 'second question']);
  });

  it('refuses bad arguments', async () => {
    expect((await runCli(['chat', '--json'], env())).code).toBe(2);
    expect((await runCli(['chat', 'stray'], env())).code).toBe(2);
  });
});

describe('findUpstream', () => {
  it('takes the first local server that answers, and its first model', async () => {
    const model = await startModelServer({ model: 'local-model' });
    try {
      const closed = `http://127.0.0.1:${await closedPort()}/v1`;
      const found = await findUpstream(
        { upstream: '', upstream_key: '', model: '' },
        {
          candidates: [
            { name: 'llama-server', baseUrl: closed },
            { name: 'Ollama', baseUrl: model.url },
          ],
        },
      );
      expect(found).toEqual({ ok: true, value: { baseUrl: model.url, model: 'local-model' } });
    } finally {
      await model.close();
    }
  });

  it('names every place it looked, and the settings to set, when none answers', async () => {
    const closed = `http://127.0.0.1:${await closedPort()}/v1`;
    const found = await findUpstream(
      { upstream: '', upstream_key: '', model: '' },
      { candidates: [{ name: 'llama-server', baseUrl: closed }] },
    );
    expect(found).toMatchObject({
      ok: false,
      failure: {
        message: expect.stringMatching(
          /no model server found: tried .* \(llama-server\)\. .*LOOKOUT_UPSTREAM.*LOOKOUT_MODEL/,
        ),
      },
    });
  });

  it('adds /v1 to a bare server address', () => {
    expect(apiBase('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080/v1');
    expect(apiBase('https://gateway.example/api/v1/')).toBe('https://gateway.example/api/v1');
  });
});
