import type { TournamentInput, TournamentStatus } from './types';

/** Seed 002 §8 and §9 texts, and the server's messages (issue 15 contract), verbatim. */
export const TOURNAMENT_MESSAGES = {
  created: 'Tournament created!',
  createFailed: 'Failed to create tournament',
  joined: 'Successfully joined tournament!',
  joinFailed: 'Failed to join tournament',
  full: 'Tournament Full',
  left: 'You left the tournament',
  leaveFailed: 'Failed to leave tournament',
  started: 'Tournament started',
  startFailed: 'Failed to start tournament',
  cancelled: 'Tournament cancelled',
  cancelFailed: 'Failed to cancel tournament',
  reported: 'Result reported',
  reportFailed: 'Failed to report the result',
  loadFailed: 'Could not load tournaments',
  detailFailed: 'Could not load this tournament',
  notFound: 'Tournament not found',
  disclaimer: 'Entry fees and prize pools are declared by the organizer. Scriven does not collect entry fees or pay prizes.',
  nameRequired: 'Please enter a tournament name',
  gameRequired: 'Please enter a game',
  prizeRequired: 'Please enter a prize pool',
  startRequired: 'Please choose a start date',
  nameTooLong: 'Tournament name must be at most 100 characters',
  gameTooLong: 'Game must be at most 100 characters',
  descriptionTooLong: 'Description must be at most 2000 characters',
  entryFeeRange: 'Entry fee must be from 0 to 10,000',
  prizeRange: 'Prize pool must be from 0 to 1,000,000',
  amountFormat: 'Use at most 2 decimal places',
  participantsRange: 'Max participants must be a whole number from 2 to 256',
  startFuture: 'The start date must be in the future',
  startWithinYear: 'The start date must be within a year',
} as const;

/** Seed §5 / §9 defaults and the server's limits. */
export const TOURNAMENT_DEFAULTS = { entryFee: '0', prizePool: '0', maxParticipants: '32' } as const;
export const TOURNAMENT_LIMITS = {
  name: 100,
  game: 100,
  description: 2000,
  entryFeeMax: 10_000,
  prizeMax: 1_000_000,
  participantsMin: 2,
  participantsMax: 256,
  reason: 500,
  scoreMax: 999,
} as const;

export const STATUS_LABELS: Record<TournamentStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const STATUS_FILTERS: { value: TournamentStatus | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'in_progress', label: 'In progress' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
];

export type TournamentErrors = Partial<Record<keyof TournamentInput, string>>;

const AMOUNT = /^\d+(\.\d{1,2})?$/;

function amountError(raw: string, max: number, range: string, required?: string): string | undefined {
  const value = raw.trim();
  if (!value) return required;
  if (!AMOUNT.test(value)) return Number.isFinite(Number(value)) && Number(value) >= 0 ? TOURNAMENT_MESSAGES.amountFormat : range;
  return Number(value) > max ? range : undefined;
}

/** A year after `now` (ms), on the calendar, as the server counts it. */
function yearAfter(now: number): number {
  const at = new Date(now);
  at.setUTCFullYear(at.getUTCFullYear() + 1);
  return at.getTime();
}

/** The dialog's checks, the server's rules with its messages; `now` in ms. Empty when the form can be sent. */
export function validateTournament(input: TournamentInput, now: number = Date.now()): TournamentErrors {
  const errors: TournamentErrors = {};
  const name = input.name.trim();
  const game = input.game.trim();
  if (!name) errors.name = TOURNAMENT_MESSAGES.nameRequired;
  else if (name.length > TOURNAMENT_LIMITS.name) errors.name = TOURNAMENT_MESSAGES.nameTooLong;
  if (!game) errors.game = TOURNAMENT_MESSAGES.gameRequired;
  else if (game.length > TOURNAMENT_LIMITS.game) errors.game = TOURNAMENT_MESSAGES.gameTooLong;
  if (input.description.trim().length > TOURNAMENT_LIMITS.description) errors.description = TOURNAMENT_MESSAGES.descriptionTooLong;
  const fee = amountError(input.entry_fee || TOURNAMENT_DEFAULTS.entryFee, TOURNAMENT_LIMITS.entryFeeMax, TOURNAMENT_MESSAGES.entryFeeRange);
  if (fee) errors.entry_fee = fee;
  const prize = amountError(input.prize_pool, TOURNAMENT_LIMITS.prizeMax, TOURNAMENT_MESSAGES.prizeRange, TOURNAMENT_MESSAGES.prizeRequired);
  if (prize) errors.prize_pool = prize;
  const max = (input.max_participants || TOURNAMENT_DEFAULTS.maxParticipants).trim();
  if (!/^\d+$/.test(max) || Number(max) < TOURNAMENT_LIMITS.participantsMin || Number(max) > TOURNAMENT_LIMITS.participantsMax) {
    errors.max_participants = TOURNAMENT_MESSAGES.participantsRange;
  }
  if (!input.start_date.trim()) errors.start_date = TOURNAMENT_MESSAGES.startRequired;
  else {
    const at = new Date(input.start_date).getTime();
    if (Number.isNaN(at)) errors.start_date = TOURNAMENT_MESSAGES.startRequired;
    else if (at <= now) errors.start_date = TOURNAMENT_MESSAGES.startFuture;
    else if (at > yearAfter(now)) errors.start_date = TOURNAMENT_MESSAGES.startWithinYear;
  }
  return errors;
}

/** An amount the organizer declared, as money ("$25.00"; "Free" for no entry fee when asked). */
export function formatAmount(value: string | number): string {
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value);
  return `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
