import type { Failure } from '../failure.js';
import type { WebActivity } from '../types.js';
import { describeFailure } from '../untrusted.js';
import type { ToolResult } from './tool.js';

/** A failed call as the model reads it (`web_fetch failed (code): why`) and as a person sees it. */
export function toolFailure(
  tool: string,
  kind: WebActivity['kind'],
  target: string,
  failure: Failure,
): ToolResult {
  return {
    ok: false,
    text:
      tool === 'web_search' || tool === 'web_fetch'
        ? describeFailure(tool, failure)
        : `${tool} failed (${failure.code}): ${failure.message}`,
    activity: {
      kind,
      target,
      ok: false,
      summary: failure.message,
      sources: [],
      error: failure.message,
      code: failure.code,
    },
  };
}
