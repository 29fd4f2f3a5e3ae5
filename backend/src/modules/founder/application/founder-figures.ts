/** Shared arithmetic of the founder's figures: calendar months (UTC) and dollars from cents. */

/** 'YYYY-MM' of a moment (UTC). */
export const monthOf = (d: Date): string => d.toISOString().slice(0, 7);

/** The first moment of the month `back` months before the month of `now` (UTC). */
export function monthStartBack(now: Date, back: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
}

/** The last `n` calendar months up to the month of `now`, oldest first, as 'YYYY-MM'. */
export function lastMonths(now: Date, n: number): string[] {
  return Array.from({ length: n }, (_, i) => monthOf(monthStartBack(now, n - 1 - i)));
}

/** Dollars with two decimals from whole cents. */
export const dollars = (cents: number): number => Math.round(cents) / 100;

/** A number rounded to two decimals. */
export const round2 = (n: number): number => Math.round(n * 100) / 100;

export const TREND_MONTHS = 12;
