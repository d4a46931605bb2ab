import type { MiddlewareHandler } from 'hono';
import { roleOf, tokensSet, userOf } from '../server/auth.js';
import type { Settings } from '../settings/schema.js';
import { openAiError } from './openai-error.js';

type Tokens = Pick<Settings, 'admin_token' | 'user_tokens'>;

/**
 * Lets a request through with a user (or admin) token, answering OpenAI's 401
 * otherwise. OpenAI clients always send some key: with no tokens set, any
 * key is the one local user.
 */
export function proxyAuth(server: { readonly settings: Tokens }): MiddlewareHandler {
  return async function checkKey(context, next) {
    if (roleOf(context.req.header('authorization'), server.settings) === 'none') {
      return openAiError(
        context,
        401,
        'the API key is not a lookout token: give one of LOOKOUT_USER_TOKENS (or the admin token) as the key',
        'invalid_api_key',
      );
    }
    await next();
  };
}

/** Who a request is, for search limits and kept hand-offs: without tokens, the one local user whatever key a client sends. */
export const proxyUser = (header: string | undefined, settings: Tokens): string =>
  tokensSet(settings) ? userOf(header) : 'local';
