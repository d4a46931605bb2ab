import { createInterface } from 'node:readline';
import { activityLine, runningActivity, sourcesOfTurn } from '../../activity-lines.js';
import type { ChatEvent } from '../../chat/events.js';
import { findUpstream } from '../../chat/find-upstream.js';
import { runTurn } from '../../chat/loop.js';
import type { ChatMessage, Upstream } from '../../chat/types.js';
import { WEB_TOOLS } from '../../tools/index.js';
import type { ToolContext } from '../../tools/tool.js';
import { EXIT, type ExitCode, UsageError } from '../exit-codes.js';
import { type Io, paint } from '../io.js';
import { parseCommand } from '../parse-command.js';
import { renderSources } from '../render-sources.js';
import { cliSearchService } from '../search-service.js';

const OPTIONS = {
  prompt: { type: 'string', short: 'p' },
  json: { type: 'boolean' },
  verbose: { type: 'boolean', short: 'v' },
  'no-web': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const USAGE = `Usage: lookout chat [--prompt TEXT] [--json] [--verbose] [--no-web]
  Without --prompt: an interactive chat (Ctrl-C stops a turn, Ctrl-D leaves).
  --json prints the events of a --prompt turn as NDJSON.
`;

interface Session {
  upstream: Upstream;
  context: ToolContext;
  maxToolRounds: number;
  web: boolean;
}

/** `lookout chat`: a model that searches and reads, in the terminal or one-shot. */
export async function run(args: string[], io: Io): Promise<ExitCode> {
  const { values, positionals } = parseCommand(args, OPTIONS);
  if (values.help) {
    io.out(USAGE);
    return EXIT.ok;
  }
  if (positionals.length > 0) throw new UsageError('give the question with --prompt "…"');
  if (values.json && values.prompt === undefined) throw new UsageError('--json needs --prompt');
  const search = cliSearchService(io);
  const found = await findUpstream(search.settings);
  if (!found.ok) {
    if (values.json)
      io.out(`${JSON.stringify({ type: 'error', message: found.failure.message })}\n`);
    io.err(`lookout chat: ${found.failure.message}\n`);
    return EXIT.chatFailed;
  }
  const session: Session = {
    upstream: found.value,
    context: { search, settings: search.settings },
    maxToolRounds: search.settings.max_tool_rounds,
    web: values['no-web'] !== true,
  };
  if (values.prompt !== undefined) {
    if (!values.prompt.trim()) throw new UsageError('--prompt is empty');
    const messages: ChatMessage[] = [{ role: 'user', content: values.prompt }];
    const ended = values.json
      ? await turnAsJson(session, messages, io)
      : await turnForPerson(session, messages, io, values.verbose === true);
    return ended.failed ? EXIT.chatFailed : EXIT.ok;
  }
  return interactive(session, io, values.verbose === true);
}

function turn(
  session: Session,
  messages: ChatMessage[],
  signal?: AbortSignal,
): AsyncGenerator<ChatEvent> {
  return runTurn({
    upstream: session.upstream,
    messages,
    tools: session.web ? WEB_TOOLS : [],
    toolContext: session.context,
    maxToolRounds: session.maxToolRounds,
    ...(signal ? { signal } : {}),
  });
}

interface Ended {
  failed: boolean;
  content: string;
}

async function turnAsJson(session: Session, messages: ChatMessage[], io: Io): Promise<Ended> {
  const ended: Ended = { failed: false, content: '' };
  for await (const event of turn(session, messages)) {
    io.out(`${JSON.stringify(event)}\n`);
    if (event.type === 'error') ended.failed = true;
    if (event.type === 'done') ended.content = event.content;
  }
  return ended;
}

/** Streams the answer; reasoning and tool calls fold to one line each; sources at the end. */
async function turnForPerson(
  session: Session,
  messages: ChatMessage[],
  io: Io,
  verbose: boolean,
  signal?: AbortSignal,
): Promise<Ended> {
  const ended: Ended = { failed: false, content: '' };
  let status = '';
  const setStatus = (text: string) => {
    // Clearing a line that holds no status would erase the answer being written on it.
    if (!io.statusLine || (text === '' && status === '')) return;
    io.err(`\r\u001b[2K${text ? paint(io, 'dim', `${text}…`) : ''}`);
    status = text;
  };
  let reasoning = '';
  let atLineStart = true;
  const line = (text: string) => {
    setStatus('');
    io.out(`${atLineStart ? '' : '\n'}${text}\n`);
    atLineStart = true;
  };

  /** The reasoning so far, folded to one dim line (shown whole with --verbose). */
  const foldReasoning = () => {
    if (!reasoning.trim()) return;
    const shown = verbose ? `: ${reasoning.trim()}` : '';
    line(paint(io, 'dim', `▸ thought (${reasoning.length} chars)${shown}`));
    reasoning = '';
  };

  for await (const event of turn(session, messages, signal)) {
    switch (event.type) {
      case 'reasoning':
        reasoning += event.text;
        setStatus(`thinking: ${reasoning.replace(/\s+/g, ' ').slice(-60)}`);
        break;
      case 'content':
        foldReasoning();
        setStatus('');
        io.out(event.text);
        atLineStart = event.text.endsWith('\n');
        break;
      case 'tool-start':
        foldReasoning();
        setStatus(runningActivity(event.name, event.arguments));
        break;
      case 'tool-done':
        line(paint(io, event.ok ? 'dim' : 'yellow', `▸ ${activityLine(event.activity)}`));
        if (verbose && event.activity.sources.length > 0)
          line(renderSources(io, event.activity.sources));
        break;
      case 'error':
        ended.failed = true;
        setStatus('');
        io.err(`${atLineStart ? '' : '\n'}lookout chat: ${event.message}\n`);
        atLineStart = true;
        break;
      case 'done': {
        ended.content = event.content;
        if (!atLineStart) io.out('\n');
        const sources = sourcesOfTurn(event.content, event.activity);
        if (sources.length > 0)
          io.out(`\n${paint(io, 'bold', 'Sources')}\n${renderSources(io, sources)}\n`);
        break;
      }
      case 'usage':
        break;
    }
  }
  if (status) setStatus('');
  return ended;
}

/** A conversation in the terminal; Ctrl-C stops the running turn, Ctrl-D (or a second Ctrl-C) leaves. */
async function interactive(session: Session, io: Io, verbose: boolean): Promise<ExitCode> {
  const lines = createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal: process.stdin.isTTY === true,
  });
  const history: ChatMessage[] = [];
  let running: AbortController | undefined;
  lines.on('SIGINT', () => {
    if (running) running.abort();
    else lines.close();
  });
  io.out(
    paint(
      io,
      'dim',
      `lookout chat with ${session.upstream.model} at ${session.upstream.baseUrl}${session.web ? ', web on' : ', web off'}. Ctrl-D leaves.\n`,
    ),
  );
  lines.setPrompt(paint(io, 'bold', 'you> '));
  lines.prompt();
  // The line iterator keeps what is typed (or piped) while a turn runs.
  for await (const question of lines) {
    if (question.trim()) {
      history.push({ role: 'user', content: question });
      running = new AbortController();
      const ended = await turnForPerson(session, [...history], io, verbose, running.signal);
      running = undefined;
      history.push({ role: 'assistant', content: ended.content });
    }
    lines.prompt();
  }
  return EXIT.ok;
}
