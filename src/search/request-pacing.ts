import { RateLimiterMemory, RateLimiterQueue } from 'rate-limiter-flexible';
import type { Provider } from './provider.js';

/**
 * Searches a provider may wait for at once. A chat's parallel tool calls are
 * a handful; a longer queue means something loops, and its searches fail at
 * once instead of waiting out their time.
 */
const MAX_WAITING = 32;

/**
 * Keeps each provider to its published request rate: a search beyond it
 * waits for its turn (rate-limiter-flexible's queue, in memory) instead of
 * drawing a 429. One pacing serves every search service of a process, so a
 * server that rebuilds its service on a settings change keeps its pace.
 */
export class RequestPacing {
  readonly #queues = new Map<string, RateLimiterQueue>();

  /**
   * Resolves true when the provider may send its request, false when the
   * signal aborts first or too many searches wait already. A provider
   * without a published rate goes at once.
   */
  async turn(provider: Provider, signal: AbortSignal, remainingMs: number): Promise<boolean> {
    const queue = this.#queueOf(provider);
    if (!queue) return true;
    if (signal.aborted) return false;
    // A turn that comes after the search's time is up is given back unclaimed (the queue drops it).
    const expiresUnixAt = Math.ceil((Date.now() + remainingMs) / 1000);
    let onAbort = () => {};
    const aborted = new Promise<false>((resolve) => {
      onAbort = () => resolve(false);
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([
        queue.removeTokens(1, undefined, expiresUnixAt).then(
          () => true,
          () => false,
        ),
        aborted,
      ]);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }

  #queueOf(provider: Provider): RateLimiterQueue | undefined {
    if (!provider.rate) return undefined;
    let queue = this.#queues.get(provider.name);
    if (!queue) {
      const limiter = new RateLimiterMemory({
        points: provider.rate.requests,
        duration: provider.rate.seconds,
      });
      queue = new RateLimiterQueue(limiter, { maxQueueSize: MAX_WAITING });
      this.#queues.set(provider.name, queue);
    }
    return queue;
  }
}
