import { DomainError } from '../../../common/errors/domain-error.js';
import { TOURNAMENT_LIMITS as L } from './tournament.rules.js';

export class TournamentError extends DomainError {}

/** The tournament form's and requests' messages (issue 15 contract), used verbatim by the DTOs and the domain. */
export const TOURNAMENT_MESSAGES = {
  nameRequired: 'Please enter a tournament name',
  nameTooLong: `Tournament name must be at most ${L.nameMax} characters`,
  gameRequired: 'Please enter a game',
  gameTooLong: `Game must be at most ${L.gameMax} characters`,
  descriptionTooLong: `Description must be at most ${L.descriptionMax} characters`,
  prizePoolRequired: 'Please enter a prize pool',
  prizePool: `prize_pool must be an amount from 0 to ${L.prizePoolMax} with at most 2 decimals`,
  entryFee: `entry_fee must be an amount from 0 to ${L.entryFeeMax} with at most 2 decimals`,
  maxParticipants: `max_participants must be a whole number from ${L.participantsMin} to ${L.participantsMax}`,
  startDateRequired: 'Please choose a start date',
  startDateFuture: 'The start date must be in the future',
  startDateWithinYear: 'The start date must be within a year',
  reasonTooLong: `Reason must be at most ${L.reasonMax} characters`,
  winnerId: "winner_id must be one of the match's players",
  score: `Scores must be whole numbers from 0 to ${L.scoreMax}`,
  winnerScore: 'The winner must have the higher score',
  status: 'status must be one of open, in_progress, completed, cancelled',
} as const;

export const tournamentErrors = {
  /** A rule the request DTOs check first, held here for every other caller too (the DTO's message and field). */
  invalid: (field: string, message: string) => new TournamentError('invalid', 'VALIDATION_FAILED', message, [{ field, message }]),
  notFound: () => new TournamentError('not_found', 'GAMING.TOURNAMENT_NOT_FOUND', 'Tournament not found'),
  matchNotFound: () => new TournamentError('not_found', 'GAMING.MATCH_NOT_FOUND', 'Match not found'),
  full: () => new TournamentError('conflict', 'GAMING.TOURNAMENT_FULL', 'Tournament Full'),
  alreadyJoined: () => new TournamentError('conflict', 'GAMING.ALREADY_JOINED', 'You have already joined this tournament'),
  closed: () => new TournamentError('conflict', 'GAMING.TOURNAMENT_CLOSED', 'This tournament is not open for joining'),
  notJoined: () => new TournamentError('conflict', 'GAMING.NOT_JOINED', 'You have not joined this tournament'),
  notOrganizer: () => new TournamentError('forbidden', 'GAMING.NOT_ORGANIZER', 'Only the organizer can do this'),
  notEnoughParticipants: () => new TournamentError('conflict', 'GAMING.NOT_ENOUGH_PARTICIPANTS', 'A tournament needs at least 2 participants to start'),
  started: () => new TournamentError('conflict', 'GAMING.TOURNAMENT_STARTED', 'This tournament has already started'),
  notMatchPlayer: () => new TournamentError('forbidden', 'GAMING.NOT_MATCH_PLAYER', 'Only the organizer or the players of this match can report it'),
  matchNotReady: () => new TournamentError('conflict', 'GAMING.MATCH_NOT_READY', 'This match is waiting for its players'),
  matchDecided: () => new TournamentError('conflict', 'GAMING.MATCH_DECIDED', 'This match is already decided'),
};
