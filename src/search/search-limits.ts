import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Failure } from '../failure.js';

/** A limit counts searches over this window (seed 002: per minute). */
const WINDOW_SECONDS = 60;
/** The key of "everyone" in the shared limiter. */
const EVERYONE = 'everyone';

/** Admits a search that will reach the network, or says when one may be made again. */
export interface SearchLimits {
  admit(user: string): Promise<Failure | undefined>;
}

/**
 * Per-user and overall search limits (rate-limiter-flexible, in memory; its
 * Redis store can stand in when several instances share limits). A search
 * refused by the overall limit is given back to its user.
 */
export function searchLimits({ perUser, total }: { perUser: number; total: number }): SearchLimits {
  const users = new RateLimiterMemory({ points: perUser, duration: WINDOW_SECONDS });
  const everyone = new RateLimiterMemory({ points: total, duration: WINDOW_SECONDS });
  const refused = (rejection: unknown, whose: string): Failure => {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    return {
      code: 'rate_limited',
      message: `the search limit ${whose} is reached; try again in ${retryAfter} s`,
      retryAfter,
    };
  };
  return {
    async admit(user) {
      try {
        await users.consume(user);
      } catch (rejection) {
        return refused(rejection, `of ${perUser} a minute per user`);
      }
      try {
        await everyone.consume(EVERYONE);
      } catch (rejection) {
        await users.reward(user, 1);
        return refused(rejection, `of ${total} a minute for everyone`);
      }
      return undefined;
    },
  };
}
