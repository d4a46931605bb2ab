import { findUpstream } from '../chat/find-upstream.js';
import type { Upstream } from '../chat/types.js';
import type { Outcome } from '../failure.js';
import type { ServerContext } from './server-context.js';

/**
 * The model server of the server's chats, with its key: the environment's,
 * else the one saved in the key file. `model` is one a client asked for (the
 * OpenAI proxy); without it, the `model` setting or the server's first.
 */
export const findModelServer = (
  server: ServerContext,
  model = server.settings.model,
): Promise<Outcome<Upstream>> =>
  findUpstream({
    ...server.settings,
    model,
    upstream_key: server.settings.upstream_key || server.keys?.get('upstream') || '',
  });
