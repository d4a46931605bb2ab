/**
 * The OpenAI proxy's own cost: the same scripted completion, streamed by the
 * official `openai` client straight from the fake model server and through
 * `lookout serve` (web tools offered but not called, and relayed as it is),
 * on loopback. The fake keeps a model's pace, so time to first token and
 * total time mean what they mean with a real server; the table at the end
 * puts the medians side by side (target: at most 1.05× direct).
 */
import OpenAI from 'openai';
import { afterAll, beforeAll, bench, describe } from 'vitest';
import { type RunningServer, startServer } from '../src/server/serve.js';
import { freshDataDir } from '../test/cli/run-cli.js';
import { type ModelServer, startModelServer } from '../test/fakes/model-server.js';

/** A local model's pace: the prompt read in 150 ms, then a token every 10 ms (100 tokens/s). */
const PACE = { firstMs: 150, pieceMs: 10 };
const ANSWER =
  'Tokio 1.48 came out in November 2025. It stabilises the cooperative scheduling budget, adds a few helpers to the sync module and fixes a rare wake-up race in the multi-threaded runtime. Upgrading from 1.47 needs no code changes.';
/** Completions measured per path, after every path has warmed its connections and code up. */
const RUNS = 15;
const WARM_UP = 3;

const MODEL = 'qwen3.5-9b';
let model: ModelServer;
let server: RunningServer;

interface Path {
  label: string;
  client: () => OpenAI;
  model: string;
  firstToken: number[];
  total: number[];
}

const paths: Path[] = [
  { label: 'direct to the model server', client: () => direct, model: MODEL },
  { label: 'through lookout, web tools offered', client: () => proxy, model: `${MODEL}:web` },
  { label: 'through lookout, relayed (web off)', client: () => proxy, model: MODEL },
].map((path) => ({ ...path, firstToken: [], total: [] }));
let direct: OpenAI;
let proxy: OpenAI;

beforeAll(async () => {
  model = await startModelServer({ model: MODEL });
  const started = await startServer(
    {
      LOOKOUT_PORT: '0',
      LOOKOUT_DATA_DIR: freshDataDir(),
      LOOKOUT_UPSTREAM: model.url,
      // Plain names are relayed, `:web` goes through the tool loop.
      LOOKOUT_PROXY_WEB: 'off',
    },
    () => {},
  );
  if (!started.ok) throw new Error(started.failure.message);
  server = started.value;
  direct = new OpenAI({ baseURL: model.url, apiKey: 'none', maxRetries: 0 });
  proxy = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'none', maxRetries: 0 });
  // All paths warm before any is measured, so the first measured is not the coldest.
  for (let run = 0; run < WARM_UP; run++) for (const path of paths) await complete(path);
});

afterAll(async () => {
  console.log(table());
  await server.close();
  await model.close();
});

/** One streamed completion: milliseconds to the first content and to the end. */
async function complete(path: Path): Promise<{ firstToken: number; total: number }> {
  model.script([{ kind: 'text', text: ANSWER, pace: PACE }]);
  const start = performance.now();
  let firstToken = 0;
  let text = '';
  const stream = await path.client().chat.completions.create({
    model: path.model,
    messages: [{ role: 'user', content: 'What changed in tokio 1.48?' }],
    stream: true,
  });
  for await (const chunk of stream) {
    const piece = chunk.choices[0]?.delta.content ?? '';
    if (piece && !firstToken) firstToken = performance.now() - start;
    text += piece;
  }
  if (!text.startsWith(ANSWER)) throw new Error(`${path.label}: the answer came back changed`);
  return { firstToken, total: performance.now() - start };
}

describe('a streamed completion with no tool call', () => {
  for (const path of paths) {
    bench(
      path.label,
      async () => {
        const timing = await complete(path);
        path.firstToken.push(timing.firstToken);
        path.total.push(timing.total);
      },
      { iterations: RUNS, time: 0, warmupIterations: 0, warmupTime: 0 },
    );
  }
});

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

function table(): string {
  const [baseline] = paths;
  const base = {
    firstToken: median(baseline?.firstToken ?? []),
    total: median(baseline?.total ?? []),
  };
  const rows = paths.map((path) => {
    const firstToken = median(path.firstToken);
    const total = median(path.total);
    return [
      path.label,
      `${firstToken.toFixed(1)} ms`,
      `${(firstToken / base.firstToken).toFixed(3)}×`,
      `${total.toFixed(1)} ms`,
      `${(total / base.total).toFixed(3)}×`,
      String(path.total.length),
    ];
  });
  const header = [
    'path',
    'first token (median)',
    'vs direct',
    'total (median)',
    'vs direct',
    'runs',
  ];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`;
  return [
    '',
    `Proxy overhead, loopback; fake model ${PACE.firstMs} ms to first token, ${PACE.pieceMs} ms a token:`,
    line(header),
    rule,
    ...rows.map(line),
    '',
  ].join('\n');
}
