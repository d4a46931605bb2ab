import { jsonObject } from '../json-value.js';
import { type ChatMessage, type ToolSpec, toolSpecName } from './types.js';

/**
 * The body of one request to the model: the fields passed through
 * (temperature, `response_format`, ...), the model, the conversation and the
 * tools offered this round. `tool_choice` and `parallel_tool_calls` go only
 * beside tools, and a choice naming one tool only while that tool is offered:
 * servers refuse either otherwise.
 */
export function roundBody(
  extraBody: Record<string, unknown> | undefined,
  model: string,
  messages: readonly ChatMessage[],
  offered: readonly ToolSpec[],
): Record<string, unknown> {
  const body: Record<string, unknown> = { ...extraBody, model, messages };
  if (offered.length > 0) body.tools = offered;
  else delete body.parallel_tool_calls;
  const chosen = jsonObject(jsonObject(body.tool_choice)?.function)?.name;
  const named = typeof chosen === 'string';
  if (offered.length === 0 || (named && !offered.some((spec) => toolSpecName(spec) === chosen)))
    delete body.tool_choice;
  return body;
}
