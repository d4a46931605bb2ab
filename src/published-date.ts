/**
 * The day a page was published, as YYYY-MM-DD, from the ways providers and
 * pages write it: ISO 8601, `2012/09/10`, `20120910`, `2024-01-29
 * 12:00:00+0000`, RFC 2822, "Jan 29, 2024", and relative "3 hours ago".
 */

/** Dates written year first: the calendar day as written, whatever the time zone. */
const YEAR_FIRST = /^\s*(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/;
const COMPACT = /^\s*(\d{4})(\d{2})(\d{2})(?:T|$)/;
/** A time zone named in the text, so the day is taken in UTC. */
const ZONED = /(?:\d[zZ]\b|\b(?:GMT|UTC)\b|[+-]\d{2}:?\d{2}\s*$)/;
/** Publication dates before the web, or after next year, are mistakes. */
const FIRST_YEAR = 1990;

/** Units of the relative dates engines print ("3 hours ago", "3 hour(s), 0 minute(s) ago"). */
const UNIT_MS: Record<string, number> = {
  second: 1_000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 7 * 86_400_000,
  month: 30 * 86_400_000,
  year: 365 * 86_400_000,
};
const RELATIVE = /(\d+)\s*(second|minute|hour|day|week|month|year)s?(?:\(s\))?/gi;

const twoDigits = (value: number) => String(value).padStart(2, '0');

function calendarDay(year: number, month: number, day: number, now: number): string | undefined {
  const latest = new Date(now).getUTCFullYear() + 1;
  if (year < FIRST_YEAR || year > latest || month < 1 || month > 12 || day < 1 || day > 31) {
    return undefined;
  }
  return `${year}-${twoDigits(month)}-${twoDigits(day)}`;
}

function relativeDay(text: string, now: number): string | undefined {
  let offset = 0;
  for (const match of text.matchAll(RELATIVE)) {
    offset += Number(match[1]) * (UNIT_MS[(match[2] as string).toLowerCase()] ?? 0);
  }
  if (offset === 0 && !/^\s*0\s/.test(text)) return undefined;
  return new Date(now - offset).toISOString().slice(0, 10);
}

/** The date in `text` as YYYY-MM-DD; undefined when there is none or it is implausible. */
export function publishedDate(
  text: string | null | undefined,
  now = Date.now(),
): string | undefined {
  // Engines end a date prefix with a dash: "May 3, 2025 -".
  const value = text?.trim().replace(/\s*[-–—]\s*$/, '');
  if (!value) return undefined;
  if (/\bago\b/i.test(value)) return relativeDay(value, now);
  const ymd = YEAR_FIRST.exec(value) ?? COMPACT.exec(value);
  if (ymd) return calendarDay(Number(ymd[1]), Number(ymd[2]), Number(ymd[3]), now);
  // "2024-01-29 12:00:00+0000" has its zone without a colon, which some runtimes refuse.
  const time = Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  if (!Number.isFinite(time)) return undefined;
  const date = new Date(time);
  return ZONED.test(value)
    ? calendarDay(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), now)
    : calendarDay(date.getFullYear(), date.getMonth() + 1, date.getDate(), now);
}
