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

/**
 * The day a provider says a page was published, as `YYYY-MM-DD`: from ISO
 * 8601, `2024-01-29 12:00:00+0000`, `Jan 29, 2024`, or a relative "N units
 * ago". Undefined when the text is none of these.
 */
export function publishedDate(text: string | null | undefined, now: number): string | undefined {
  const value = text?.trim().replace(/\s*[-–—]\s*$/, '');
  if (!value) return undefined;
  if (/\bago\b/i.test(value)) {
    let offset = 0;
    for (const match of value.matchAll(RELATIVE)) {
      offset += Number(match[1]) * (UNIT_MS[(match[2] as string).toLowerCase()] ?? 0);
    }
    return offset > 0 || /^0\s/.test(value) ? isoDay(now - offset) : undefined;
  }
  // `2024-01-29 12:00:00+0000`: make it ISO so every runtime parses it.
  const iso = value
    .replace(/^(\d{4}-\d{2}-\d{2}) (\d)/, '$1T$2')
    .replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  // A date written without a zone is the day as written, wherever this runs.
  const zoned = /(Z|[+-]\d{2}:?\d{2}|\b(UTC|GMT))$/i.test(iso)
    ? iso
    : /^\d{4}-\d{2}-\d{2}T/.test(iso)
      ? `${iso}Z`
      : /^\d{4}-\d{2}-\d{2}$/.test(iso)
        ? iso
        : `${iso} UTC`;
  const time = Date.parse(zoned);
  if (Number.isNaN(time)) return undefined;
  const year = new Date(time).getUTCFullYear();
  return year >= 1990 && year <= new Date(now).getUTCFullYear() + 1 ? isoDay(time) : undefined;
}

const isoDay = (time: number): string => new Date(time).toISOString().slice(0, 10);
