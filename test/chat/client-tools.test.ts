import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatEvent } from '../../src/chat/events.js';
import { runTurn } from '../../src/chat/loop.js';
import type { ToolSpec } from '../../src/chat/types.js';
import { createWebSearch } from '../../src/search/web-search.js';
import { WEB_TOOLS } from '../../src/tools/index.js';
import type { ToolContext } from '../../src/tools/tool.js';
import { type EngineFakes, startEngineFakes } from '../fakes/engines.js';
import { type ModelServer, type Step, startModelServer } from '../fakes/model-server.js';

const WEATHER: ToolSpec = {
  type: 'function',
  function: {
    name: 'get_weather',
    parameters: { type: 'object', properties: { city: { type: 'string' } } },
  },
};

describe("the tool loop with a client's own tools", () => {
  let model: ModelServer;
  let fakes: EngineFakes;
  let context: ToolContext;

  beforeAll(async () => {
    [model, fakes] = await Promise.all([startModelServer(), startEngineFakes()]);
    const settings = fakes.settings({ searxng_url: fakes.searxng.url });
    context = { search: createWebSearch({ settings }), settings };
  });
  afterAll(async () => {
    await Promise.all([model.close(), fakes.close()]);
  });
  beforeEach(() => {
    model.requests.length = 0;
    fakes.reset();
  });

  const turn = async (
    steps: Step[],
    options: { rounds?: number; clientTools?: ToolSpec[]; extraBody?: Record<string, unknown> },
  ) => {
    model.script(steps);
    const events: ChatEvent[] = [];
    for await (const event of runTurn({
      upstream: { baseUrl: model.url, model: 'qwen3.5-9b' },
      messages: [{ role: 'user', content: 'How warm is Paris?' }],
      tools: WEB_TOOLS,
      toolContext: context,
      maxToolRounds: options.rounds ?? 3,
      ...(options.clientTools ? { clientTools: options.clientTools } : {}),
      ...(options.extraBody ? { extraBody: options.extraBody } : {}),
    })) {
      events.push(event);
    }
    const done = events.at(-1);
    if (done?.type !== 'done') throw new Error('the turn did not end with done');
    return { events, done };
  };
  const offered = (index: number) =>
    ((model.requests[index]?.body.tools ?? []) as ToolSpec[]).map((tool) => tool.function?.name);

  it('keeps offering the client tools, and its tool_choice, in the last round without web tools', async () => {
    const { done } = await turn(
      [
        { kind: 'tool-calls', calls: [{ name: 'web_search', arguments: { query: 'paris' } }] },
        { kind: 'tool-calls', calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] },
      ],
      { rounds: 1, clientTools: [WEATHER], extraBody: { tool_choice: 'auto' } },
    );
    expect(offered(0)).toEqual(['web_search', 'web_fetch', 'get_weather']);
    expect(offered(1)).toEqual(['get_weather']);
    expect(model.requests[1]?.body.tool_choice).toBe('auto');
    expect(done.handOff?.calls.map((call) => call.function.name)).toEqual(['get_weather']);
    // What the model read before it handed off goes with the hand-off.
    expect(done.handOff?.webMessages.map((message) => message.role)).toEqual(['assistant', 'tool']);
  });

  it('drops tool_choice in a round without tools, and a choice of a tool not offered', async () => {
    await turn(
      [
        { kind: 'tool-calls', calls: [{ name: 'web_search', arguments: { query: 'paris' } }] },
        { kind: 'text', text: 'Mild.' },
      ],
      {
        rounds: 1,
        extraBody: {
          tool_choice: { type: 'function', function: { name: 'web_search' } },
          parallel_tool_calls: false,
        },
      },
    );
    expect(model.requests[0]?.body).toMatchObject({ parallel_tool_calls: false });
    expect(model.requests[0]?.body.tool_choice).toEqual({
      type: 'function',
      function: { name: 'web_search' },
    });
    expect(model.requests[1]?.body).not.toHaveProperty('tools');
    expect(model.requests[1]?.body).not.toHaveProperty('tool_choice');
    expect(model.requests[1]?.body).not.toHaveProperty('parallel_tool_calls');
  });

  it('hands off a client call that leaked as text, under an id of its own', async () => {
    const leaked =
      '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';
    const first = await turn([{ kind: 'text', text: leaked }], { clientTools: [WEATHER] });
    const second = await turn([{ kind: 'text', text: leaked }], { clientTools: [WEATHER] });
    const ids = [first, second].map(({ done }) => done.handOff?.calls[0]?.id);
    expect(ids[0]).toMatch(/^recovered_0_[0-9a-f]{8}$/);
    expect(ids[1]).not.toBe(ids[0]);
    expect(first.done.content).toBe('');
  });

  it('says why an answer ended early, and the HTTP status of a failure', async () => {
    const cut = await turn([{ kind: 'text', text: 'Paris is', finish: 'length' }], {});
    expect(cut.done).toMatchObject({ content: 'Paris is', finishReason: 'length' });
    expect(cut.done).not.toHaveProperty('handOff');

    const failed = await turn([{ kind: 'http-error', status: 503, message: 'Loading model' }], {});
    expect(failed.events[0]).toEqual({
      type: 'error',
      message: 'the model server answered HTTP 503: Loading model',
      status: 503,
    });
  });
});
