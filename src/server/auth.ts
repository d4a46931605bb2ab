import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Settings } from '../settings/schema.js';
import { problem } from './problem.js';

export type Role = 'user' | 'admin';

const sameToken = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Whether this server asks for bearer tokens at all. */
export const tokensSet = (settings: Pick<Settings, 'admin_token' | 'user_tokens'>): boolean =>
  settings.admin_token !== '' || settings.user_tokens.length > 0;

/** The role a request's bearer token gives; without any token set, the one local user is admin. */
export function roleOf(
  header: string | undefined,
  settings: Pick<Settings, 'admin_token' | 'user_tokens'>,
): Role | 'none' {
  if (!tokensSet(settings)) return 'admin';
  const token = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
  if (!token) return 'none';
  if (settings.admin_token && sameToken(token, settings.admin_token)) return 'admin';
  return settings.user_tokens.some((user) => sameToken(token, user)) ? 'user' : 'none';
}

/** Lets a request through when its token gives `role` (admin covers user); 401 without one, 403 with too little. */
export function requireRole(
  role: Role,
  server: { readonly settings: Pick<Settings, 'admin_token' | 'user_tokens'> },
): MiddlewareHandler {
  return async function checkToken(context, next) {
    const given = roleOf(context.req.header('authorization'), server.settings);
    if (given === 'none') {
      const why = context.req.header('authorization')
        ? 'the token is not valid'
        : 'a bearer token is required';
      return problem(context, 401, 'unauthorized', why);
    }
    if (role === 'admin' && given !== 'admin')
      return problem(context, 403, 'forbidden', 'this needs the admin token');
    await next();
  };
}

/** Who a request is, for per-user limits: a digest of its token (never the token), or the one local user. */
export function userOf(header: string | undefined): string {
  const token = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
  return token ? createHash('sha256').update(token).digest('hex').slice(0, 16) : 'local';
}
