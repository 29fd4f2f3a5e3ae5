/* A tournament form's dates. Plain code without imports (a test runs it under another time zone). */

/** An ISO 8601 date or date and time ("2027-01-31", "2027-01-31T18:00:00Z"); a date alone is midnight UTC. */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * The instant an ISO 8601 date or date-time names, or null when it names none: a day the month does not have
 * ("2027-02-30") or an hour, minute or second out of range is refused (JavaScript would roll it over into the next
 * month or day), and a date or date-time without an offset is UTC (JavaScript reads a date-time without one in the
 * server's time zone).
 */
export function parseIsoDate(text: unknown): Date | null {
  if (typeof text !== 'string') return null;
  const m = ISO_DATE.exec(text);
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '', zone] = m;
  const [year, month, day] = [Number(y), Number(mo), Number(d)];
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  const offset = !zone || zone.toUpperCase() === 'Z' ? 'Z' : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const at = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${frac.slice(0, 4)}${offset}`);
  return Number.isNaN(at.getTime()) ? null : at;
}

