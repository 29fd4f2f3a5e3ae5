import { formatDollars } from '../../shared/format';

/**
 * The earnings calculator of seed 001 §9 and seed 002 §9: $5-$15 per 1,000 views. It is an estimate range for
 * illustration, never what a channel earned: real earnings come from the server.
 */
export const EARNINGS_CALCULATOR = {
  lowPerThousand: 5,
  highPerThousand: 15,
  /** The seed's display text, verbatim. */
  display: '$5-$15 per 1,000 views',
} as const;

export interface EstimateRange {
  low: number;
  high: number;
}

/** The estimated range for `views` (negative or non-numeric counts as none); `share` (a percentage) of it when given. */
export function estimateRange(views: number, share = 100): EstimateRange {
  const n = Number.isFinite(views) ? Math.max(0, Math.floor(views)) : 0;
  const thousands = n / 1_000;
  const cut = (perThousand: number) => Math.round(thousands * perThousand * share) / 100;
  return { low: cut(EARNINGS_CALCULATOR.lowPerThousand), high: cut(EARNINGS_CALCULATOR.highPerThousand) };
}

/** "$50.00 - $150.00". */
export function formatRange({ low, high }: EstimateRange): string {
  return `${formatDollars(low)} - ${formatDollars(high)}`;
}
