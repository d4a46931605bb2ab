/**
 * How long a `Retry-After` header (RFC 9110 §10.2.3) asks to wait, in
 * milliseconds: delay seconds or an HTTP date. Undefined when the header is
 * absent or unreadable.
 */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP date names its day and month; anything else ("-5", "soon") is unreadable.
  if (!/^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} /.test(value)) return undefined;
  const date = Date.parse(value);
  if (!Number.isFinite(date)) return undefined;
  return Math.max(0, date - now);
}
