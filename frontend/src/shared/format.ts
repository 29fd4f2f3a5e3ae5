/** "12 March 2025" for an ISO date-time; the original text when it cannot be parsed. */
export function formatDate(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString(locale ?? 'en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}

/** "3d 4h 12m", "4h 12m", "12m 5s", "5s" for a duration in seconds. */
export function formatUptime(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  const secs = seconds % 60;
  if (days > 0) return `${days}d ${hours}h ${minutes}m`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m ${secs}s`;
  return `${secs}s`;
}

/**
 * A count as a short figure (seed 002 §2.6, §9): K above 999, M above 999,999, one decimal at most. The decimal
 * is cut, never rounded up, so a figure never reads higher than it is (999,999 is "999.9K", not "1000K").
 */
export function formatCount(value: number): string {
  const n = Math.max(0, Math.floor(value));
  const cut = (x: number) => (Math.floor(x * 10) / 10).toString();
  if (n > 999_999) return `${cut(n / 1_000_000)}M`;
  if (n > 999) return `${cut(n / 1_000)}K`;
  return String(n);
}

/** "1,234 views", "1 view". */
export function formatViews(views: number): string {
  return `${views.toLocaleString('en-US')} ${views === 1 ? 'view' : 'views'}`;
}

/** "$12.50" for an amount in dollars. */
export function formatDollars(amount: number): string {
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** "1:05", "1:02:03" for a duration in seconds. */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** "1.5 GB", "20 MB", "512 KB", "12 bytes". */
export function formatBytes(bytes: number): string {
  const units: [number, string][] = [
    [1024 ** 4, 'TB'],
    [1024 ** 3, 'GB'],
    [1024 ** 2, 'MB'],
    [1024, 'KB'],
  ];
  for (const [size, unit] of units) {
    if (bytes >= size) return `${(Math.round((bytes / size) * 10) / 10).toString()} ${unit}`;
  }
  return `${bytes} bytes`;
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago" for an ISO date-time; the original text when unreadable. */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return iso;
  const elapsed = now - time;
  if (Math.abs(elapsed) < 60_000) return 'just now';
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(elapsed) >= size) return format.format(-Math.trunc(elapsed / size), unit);
  }
  return 'just now';
}
