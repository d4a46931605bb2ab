import type { Freshness } from '../types.js';

/** How far back each freshness reaches, in days (Brave's own spans: 24 h, 7 d, 31 d, 365 d). */
const DAYS: Record<Freshness, number> = { day: 1, week: 7, month: 31, year: 365 };

/**
 * The first day a freshness lets in, as YYYY-MM-DD, for APIs that take a
 * start date instead of a span (Exa, Keenable).
 */
export const freshnessStart = (freshness: Freshness, now: number): string =>
  new Date(now - DAYS[freshness] * 86_400_000).toISOString().slice(0, 10);
