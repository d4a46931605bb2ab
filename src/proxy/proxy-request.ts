import { z } from 'zod';
import type { ChatMessage, ToolSpec } from '../chat/types.js';

/** A model name ending in this always gets the web tools; `/v1/models` lists each model with it too. */
export const WEB_SUFFIX = ':web';

/**
 * What lookout reads of a chat-completions request; every other field
 * (sampling, `response_format`, fields it does not know) is passed on as it came.
 */
const requestSchema = z.looseObject({
  model: z.string().optional(),
  messages: z.array(z.looseObject({ role: z.string() })).min(1),
  stream: z.boolean().nullish(),
  stream_options: z.looseObject({ include_usage: z.boolean().nullish() }).nullish(),
  tools: z.array(z.looseObject({ type: z.string() })).nullish(),
});

export interface ProxyRequest {
  /** The body as the client sent it. */
  body: Record<string, unknown>;
  /** The model as the client named it, as the answer names it again. */
  model: string;
  /** The model server's name for it: without the suffix; empty when the client named none. */
  upstreamModel: string;
  /** The client asked for the web tools by name (`:web`). */
  webAsked: boolean;
  stream: boolean;
  /** The client wants usage in a last chunk of the stream (`stream_options.include_usage`). */
  streamUsage: boolean;
  messages: ChatMessage[];
  /** The client's own tools. */
  clientTools: ToolSpec[];
  /** The fields lookout does not set itself, passed on to the model server. */
  extraBody: Record<string, unknown>;
}

export type ParsedRequest =
  | { ok: true; request: ProxyRequest }
  | { ok: false; message: string; param: string | null };

/** The request, or why it is not a chat-completions request (with the field at fault). */
export function parseProxyRequest(value: unknown): ParsedRequest {
  if (value === undefined)
    return {
      ok: false,
      message: 'the body must be a chat completion request in JSON',
      param: null,
    };
  const parsed = requestSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const param = issue?.path.length ? issue.path.join('.') : null;
    const message = `${param ? `${param}: ` : ''}${issue?.message ?? 'not a chat completion request'}`;
    return { ok: false, message, param };
  }
  const body = parsed.data;
  const { model = '', messages, stream, stream_options, tools, ...extraBody } = body;
  const webAsked = model.endsWith(WEB_SUFFIX);
  return {
    ok: true,
    request: {
      body,
      model,
      upstreamModel: webAsked ? model.slice(0, -WEB_SUFFIX.length) : model,
      webAsked,
      stream: stream === true,
      streamUsage: stream_options?.include_usage === true,
      messages: messages as ChatMessage[],
      clientTools: (tools ?? []) as ToolSpec[],
      extraBody,
    },
  };
}
