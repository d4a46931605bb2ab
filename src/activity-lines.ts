import type { Source, WebActivity } from './types.js';
import { tryUrl } from './url.js';

/**
 * The line of one call, as every door shows it folded: `searched: tokio (5
 * results)`, `read docs.rs`, `search failed: x — why`.
 */
export function activityLine(activity: WebActivity): string {
  if (activity.kind === 'search') {
    const count = activity.sources.length;
    return activity.ok
      ? `searched: ${activity.target} (${count} result${count === 1 ? '' : 's'})`
      : `search failed: ${activity.target} — ${activity.error ?? activity.summary}`;
  }
  const host = hostOf(activity.sources[0]?.url ?? activity.target);
  return activity.ok
    ? `read ${host}`
    : `read failed: ${activity.target} — ${activity.error ?? activity.summary}`;
}

const hostOf = (address: string): string => tryUrl(address)?.host ?? address;

/** Status line while a call runs: `searching: tokio…`, `reading docs.rs…`. */
export function runningActivity(name: string, args: unknown): string {
  const object = typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {};
  if (name === 'web_search') return `searching: ${String(object.query ?? '').slice(0, 60)}`;
  if (name === 'web_fetch') return `reading ${hostOf(String(object.url ?? ''))}`;
  return `running ${name}`;
}

/**
 * The sources an answer drew on: the pages it read, then the search results
 * it names by address or host; with neither, the first results it saw.
 */
export function sourcesOfTurn(
  answer: string,
  activity: readonly WebActivity[],
  limit = 8,
): Source[] {
  const read = activity
    .filter((entry) => entry.kind === 'fetch' && entry.ok)
    .flatMap((entry) => entry.sources);
  const found = activity
    .filter((entry) => entry.kind === 'search' && entry.ok)
    .flatMap((entry) => entry.sources);
  const named = found.filter(
    (source) => answer.includes(source.url) || answer.includes(hostOf(source.url)),
  );
  const chosen = [...read, ...named];
  const list = chosen.length > 0 ? chosen : found;
  const seen = new Set<string>();
  return list.filter((source) => !seen.has(source.url) && seen.add(source.url)).slice(0, limit);
}
