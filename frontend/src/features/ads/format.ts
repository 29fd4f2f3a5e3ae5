/** "1,284,000". */
export function formatInteger(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** "2.43%" for a percentage. */
export function formatPercent(value: number): string {
  return `${value.toFixed(2)}%`;
}

/** "20 Aug 2026" for a calendar date (YYYY-MM-DD), the same day in every time zone. */
export function formatShortDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}
