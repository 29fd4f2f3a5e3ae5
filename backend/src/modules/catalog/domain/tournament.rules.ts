/** The reason an open tournament is cancelled with when its organizer's account is deleted. */
export const ORGANIZER_GONE_REASON = 'The organizer deleted their account';

/** Seed 002 §5 and §9: a tournament's limits and defaults. */
export const TOURNAMENT_LIMITS = {
  nameMax: 100,
  gameMax: 100,
  descriptionMax: 2000,
  reasonMax: 500,
  entryFeeMax: 10_000,
  prizePoolMax: 1_000_000,
  participantsMin: 2,
  participantsMax: 256,
  defaultMaxParticipants: 32,
  scoreMax: 999,
  /** How far ahead a start date may be. */
  startWithinMs: 366 * 24 * 3600_000,
} as const;

/** The reason an open tournament is cancelled with when its start date passes with fewer than 2 participants. */
export const NOT_ENOUGH_PARTICIPANTS_REASON = 'Not enough participants';

/** What a round is called, counted from the final back: 'Final', 'Semifinals', 'Quarterfinals', else 'Round N'. */
export function roundName(number: number, totalRounds: number): string {
  const fromEnd = totalRounds - number;
  return fromEnd === 0 ? 'Final' : fromEnd === 1 ? 'Semifinals' : fromEnd === 2 ? 'Quarterfinals' : `Round ${number}`;
}

/** Cents as the API's decimal text: 1250 -> "12.50". */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** An amount with at most 2 decimals in cents (12.5 -> 1250). */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}
