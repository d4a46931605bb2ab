/** How long a provider that met a bot check or a block rests (seed 002: 5 minutes). */
export const COOLDOWN_MS = 5 * 60_000;

export interface Rest {
  /** Epoch milliseconds when the provider may be asked again. */
  until: number;
  reason: string;
}

export type RestSnapshot = Record<string, Rest>;

export interface CooldownOptions {
  now?: () => number;
  /** Rests to start from (a CLI keeps them in a file between runs). */
  initial?: RestSnapshot;
  /** Called after every change, with the rests still running. */
  onChange?: (snapshot: RestSnapshot) => void;
}

/**
 * Providers that challenged or blocked this server, and until when they rest.
 * A search does not wait for a provider that refused it a minute ago.
 */
export class Cooldowns {
  readonly #rests = new Map<string, Rest>();
  readonly #now: () => number;
  readonly #onChange: ((snapshot: RestSnapshot) => void) | undefined;

  constructor({ now = Date.now, initial = {}, onChange }: CooldownOptions = {}) {
    this.#now = now;
    this.#onChange = onChange;
    for (const [name, rest] of Object.entries(initial ?? {})) {
      const valid = typeof rest?.until === 'number' && typeof rest.reason === 'string';
      if (valid && rest.until > now())
        this.#rests.set(name, { until: rest.until, reason: rest.reason });
    }
  }

  rest(name: string, reason: string): void {
    this.#rests.set(name, { until: this.#now() + COOLDOWN_MS, reason });
    this.#changed();
  }

  /** What an answer means for the provider's rest: an answer ends it, a bot check or a block starts it. */
  note(name: string, answer: { outcome: string; reason?: string }): void {
    if (answer.outcome === 'ok' || answer.outcome === 'no_results') this.clear(name);
    else if (answer.outcome === 'challenged' || answer.outcome === 'blocked') {
      this.rest(name, answer.reason ?? answer.outcome);
    }
  }

  clear(name: string): void {
    if (this.#rests.delete(name)) this.#changed();
  }

  /** The provider's running rest, if any. */
  restOf(name: string): Rest | undefined {
    const rest = this.#rests.get(name);
    if (rest && rest.until <= this.#now()) {
      this.#rests.delete(name);
      return undefined;
    }
    return rest;
  }

  snapshot(): RestSnapshot {
    const now = this.#now();
    return Object.fromEntries([...this.#rests].filter(([, rest]) => rest.until > now));
  }

  #changed(): void {
    this.#onChange?.(this.snapshot());
  }
}
