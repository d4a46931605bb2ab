import type { Tool, ToolContext, ToolResult } from '../tools/tool.js';
import { toolFailure } from '../tools/tool-failure.js';
import type { WebActivity } from '../types.js';
import type { ChatEvent } from './events.js';
import type { ChatMessage, ToolCall } from './types.js';

export interface RanCalls {
  messages: ChatMessage[];
  activity: WebActivity[];
}

function unknownTool(call: ToolCall, tools: readonly Tool[]): ToolResult {
  const names = tools.map((tool) => tool.name).join(' and ');
  const message = `there is no tool named ${call.function.name}; the tools are ${names}`;
  return toolFailure(call.function.name, 'search', call.function.name, {
    code: 'unknown_tool',
    message,
  });
}

async function runOne(
  call: ToolCall,
  tools: readonly Tool[],
  context: ToolContext,
): Promise<ToolResult> {
  const tool = tools.find((candidate) => candidate.name === call.function.name);
  if (!tool) return unknownTool(call, tools);
  try {
    return await tool.run(call.function.arguments, context);
  } catch (error) {
    // A tool never throws for a model's input; if one does, the turn still goes on.
    const message = `the tool failed unexpectedly (${(error as Error).name})`;
    return toolFailure(tool.name, tool.name === 'web_fetch' ? 'fetch' : 'search', '', {
      code: 'unreadable',
      message,
    });
  }
}

const parsedArguments = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * Runs every call of a round at once (parallel calls too) and answers each
 * with one `role: "tool"` message, in the order of the calls.
 */
export async function* runToolCalls(
  calls: readonly ToolCall[],
  tools: readonly Tool[],
  context: ToolContext,
): AsyncGenerator<ChatEvent, RanCalls> {
  for (const call of calls) {
    yield {
      type: 'tool-start',
      id: call.id,
      name: call.function.name,
      arguments: parsedArguments(call.function.arguments),
    };
  }
  const results = await Promise.all(calls.map((call) => runOne(call, tools, context)));
  const messages: ChatMessage[] = [];
  for (const [index, call] of calls.entries()) {
    const result = results[index] as ToolResult;
    yield {
      type: 'tool-done',
      id: call.id,
      name: call.function.name,
      ok: result.ok,
      summary: result.activity.summary,
      activity: result.activity,
    };
    messages.push({ role: 'tool', tool_call_id: call.id, content: result.text });
  }
  return { messages, activity: results.map((result) => result.activity) };
}
