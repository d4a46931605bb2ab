import { jsonObject, parseJson } from '../json-value.js';

/** A tool call found in text where the server failed to parse it. */
export interface LeakedCall {
  name: string;
  arguments: Record<string, unknown>;
}

/**
 * Where a leaked call begins: a `<tool_call>` or `<function_call>` wrapper, a
 * Qwen3-Coder / Qwen3.5 `<function=NAME>`, or a Hermes-variant `<function name="NAME">`
 * (the forms llama.cpp's own Hermes 2 Pro grammar accepts).
 */
const OPENER =
  /<(tool_call|function_call)>|<function=([^>\n]+)>|<function\s+name\s*=\s*"([^"\n]+)"\s*>/g;

/** Wrapper tags left over once the blocks are gone: raw markup never reaches a person. */
const STRAY_TAGS = /<\/?(tool_call|function_call)>/g;

/** One `<parameter=NAME>value</parameter>` of the XML form. */
const PARAMETER = /<parameter=([^>\n]+)>([\s\S]*?)<\/parameter>/g;

/** What may follow the last parameter of an XML call the stream cut: nothing, or the start of its closing tags. */
const XML_CLOSING = '</function></tool_call>';

/** A parameter value that is JSON text rather than a plain string (the XML form writes both bare). */
const JSON_LOOKING = /^(-?\d+(\.\d+)?([eE][+-]?\d+)?|true|false|\[[\s\S]*\]|\{[\s\S]*\})$/;

/**
 * The tool calls a server left in `text` (content or reasoning) and the text
 * without them, trimmed.
 *
 * - Every `<tool_call>` / `<function_call>` block is removed, and the calls in
 *   it are reported whatever their name, so the loop can tell the model
 *   "unknown tool" instead of showing raw markup or ending blank.
 * - A bare `<function=NAME>` / `<function name="NAME">` block counts only when
 *   NAME is in `toolNames`: without a wrapper it may be prose or code about
 *   something else, and is then left as text.
 * - A block the stream cut (no closing tag) is recovered when its JSON parses
 *   or its XML parameters are all closed; otherwise it is dropped, as is a
 *   block whose content is not a call.
 */
export function recoverLeakedCalls(
  text: string,
  toolNames: readonly string[],
): { calls: LeakedCall[]; text: string } {
  const known = new Set(toolNames);
  const { calls, kept } = scan(text, (name) => known.has(name));
  return { calls, text: kept.replace(STRAY_TAGS, '').trim() };
}

function scan(
  text: string,
  counts: (name: string) => boolean,
): { calls: LeakedCall[]; kept: string } {
  const calls: LeakedCall[] = [];
  let kept = '';
  let from = 0;
  const opener = new RegExp(OPENER.source, 'g');
  for (let match = opener.exec(text); match; match = opener.exec(text)) {
    const [tag, wrapper, xmlName, jsonName] = match;
    const name = unquote(xmlName ?? jsonName ?? '');
    if (!wrapper && !counts(name)) continue;
    const closer = wrapper ? `</${wrapper}>` : '</function>';
    const start = match.index + tag.length;
    const close = text.indexOf(closer, start);
    const complete = close >= 0;
    const body = text.slice(start, complete ? close : undefined);
    kept += text.slice(from, match.index);
    from = complete ? close + closer.length : text.length;
    opener.lastIndex = from;
    if (wrapper) calls.push(...wrappedCalls(body));
    else calls.push(...(xmlName ? xmlCall(name, body, complete) : jsonCall(name, body, complete)));
  }
  return { calls, kept: kept + text.slice(from) };
}

/** A wrapper holds Hermes JSON (one call or a list) or function blocks of any name. */
function wrappedCalls(body: string): LeakedCall[] {
  const value = parseJson(body.trim());
  if (value === undefined) return scan(body, () => true).calls;
  const entries = Array.isArray(value) ? value : [value];
  return entries.map(hermesCall).filter((call) => call !== undefined);
}

/** `{"name", "arguments"}`, with `parameters` for `arguments` or the OpenAI `{"function": {...}}` shape. */
function hermesCall(value: unknown): LeakedCall | undefined {
  const outer = jsonObject(value);
  const inner = jsonObject(outer?.function) ?? outer;
  const name = inner?.name;
  if (typeof name !== 'string' || name === '') return undefined;
  const args = argumentsOf(inner?.arguments ?? inner?.parameters);
  return args && { name, arguments: args };
}

function jsonCall(name: string, body: string, complete: boolean): LeakedCall[] {
  // Cut before its arguments began: an empty body then says nothing.
  if (!complete && body.trim() === '') return [];
  const args = argumentsOf(body.trim());
  return args ? [{ name, arguments: args }] : [];
}

function xmlCall(name: string, body: string, complete: boolean): LeakedCall[] {
  const args: Record<string, unknown> = {};
  let end = 0;
  for (const parameter of body.matchAll(PARAMETER)) {
    args[unquote(parameter[1] ?? '')] = parameterValue(parameter[2] ?? '');
    end = parameter.index + parameter[0].length;
  }
  if (!complete) {
    // Cut inside a parameter or before any: its arguments cannot be trusted.
    const rest = body.slice(end).replace(/\s+/g, '');
    if (end === 0 || !XML_CLOSING.startsWith(rest)) return [];
  }
  return [{ name, arguments: args }];
}

/** Raw text on its own lines: one newline either side is layout; JSON-looking text is parsed. */
function parameterValue(raw: string): unknown {
  const value = raw.replace(/^\r?\n/, '').replace(/\r?\n$/, '');
  const trimmed = value.trim();
  if (!JSON_LOOKING.test(trimmed)) return value;
  const parsed = parseJson(trimmed);
  return parsed === undefined ? value : parsed;
}

/** Arguments as an object, as JSON text, or absent (no arguments); anything else is not a call. */
function argumentsOf(value: unknown): Record<string, unknown> | undefined {
  if (value === undefined || value === null || value === '') return {};
  return jsonObject(typeof value === 'string' ? parseJson(value) : value);
}

function unquote(name: string): string {
  return name.trim().replace(/^["']|["']$/g, '');
}
