import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, Length, Max, MaxLength, Min, ValidateBy, ValidateIf, type ValidationArguments } from 'class-validator';
import { EmptyAsAbsent, lengthMessage, MONEY_TEXT, MoneyText, Trimmed, WholeNumberText } from '../../../common/http/dto-rules.js';
import { TOURNAMENT_MESSAGES as M } from '../domain/tournament.errors.js';
import { parseIsoDate } from './tournament-dates.js';
import { TOURNAMENT_LIMITS as L } from '../domain/tournament.rules.js';
import { TOURNAMENT_STATUSES, type TournamentStatus } from '../domain/tournament.js';

/** Whole units and at most two decimals, as JSON writes the number (5e-7 and 1e21 are not). */
const AMOUNT_TEXT = /^\d{1,10}(\.\d{1,2})?$/;

/** An amount from 0 to `max` with at most two decimals (text is read by MoneyText first). */
function IsAmount(max: number, message: string | ((args: ValidationArguments) => string)): PropertyDecorator {
  return ValidateBy({ name: 'isAmount', validator: { validate: (v: unknown) => typeof v === 'number' && v >= 0 && v <= max && AMOUNT_TEXT.test(String(v)) } }, { message });
}

function IsIsoDate(message: string): PropertyDecorator {
  return ValidateBy({ name: 'isIsoDate', validator: { validate: (v: unknown) => parseIsoDate(v) !== null } }, { message });
}

const amount = (description: string, maximum: number) => ({ description, oneOf: [{ type: 'string', pattern: MONEY_TEXT.source }, { type: 'number' }], example: '50.00', minimum: 0, maximum });

/** Missing (absent or blank) is `required`; anything else that is not an amount in range is `invalid`. */
const amountMessage = (required: string, invalid: string) => ({ value }: ValidationArguments) => (value === undefined || value === null || value === '' ? required : invalid);

/** Create a tournament (seed 002 §4 Tournament): JSON, urlencoded or multipart, read with formDto. */
export class CreateTournamentRequestDto {
  /** Required, at most 100 characters (spaces around it are dropped). */
  @Trimmed()
  @IsString({ message: M.nameRequired })
  @Length(1, L.nameMax, { message: lengthMessage(M.nameRequired, M.nameTooLong) })
  name: string;

  /** The game played: required, at most 100 characters. */
  @Trimmed()
  @IsString({ message: M.gameRequired })
  @Length(1, L.gameMax, { message: lengthMessage(M.gameRequired, M.gameTooLong) })
  game: string;

  /** Optional, at most 2000 characters. */
  @IsOptional()
  @Trimmed()
  @IsString({ message: M.descriptionTooLong })
  @MaxLength(L.descriptionMax, { message: M.descriptionTooLong })
  description?: string | null;

  /** Optional: 0 (the default) to 10000, at most two decimals. */
  @ApiProperty({ ...amount('Entry fee, 0 (default) to 10000, at most two decimals', L.entryFeeMax), required: false })
  @IsOptional()
  @EmptyAsAbsent()
  @MoneyText()
  @IsAmount(L.entryFeeMax, M.entryFee)
  entry_fee?: string | number;

  /** Required (may be 0): 0 to 1000000, at most two decimals. */
  @ApiProperty(amount('Prize pool, required (may be 0), 0 to 1000000, at most two decimals', L.prizePoolMax))
  @MoneyText()
  @IsAmount(L.prizePoolMax, amountMessage(M.prizePoolRequired, M.prizePool))
  prize_pool: string | number;

  /** Optional: a whole number from 2 to 256; default 32. */
  @ApiProperty({ required: false, type: 'integer', minimum: L.participantsMin, maximum: L.participantsMax, default: L.defaultMaxParticipants })
  @IsOptional()
  @EmptyAsAbsent()
  @WholeNumberText()
  @IsInt({ message: M.maxParticipants })
  @Min(L.participantsMin, { message: M.maxParticipants })
  @Max(L.participantsMax, { message: M.maxParticipants })
  max_participants?: number;

  /** Required: an ISO 8601 date or date-time in the future and within a year (a date alone is midnight UTC). */
  @ApiProperty({ type: 'string', format: 'date-time', example: '2027-01-31T18:00:00Z' })
  @Trimmed()
  @IsIsoDate(M.startDateRequired)
  start_date: string;
}

/** Cancel a tournament that has not started. */
export class CancelTournamentRequestDto {
  /** Optional, at most 500 characters: shown on the tournament. */
  @IsOptional()
  @Trimmed()
  @IsString({ message: M.reasonTooLong })
  @MaxLength(L.reasonMax, { message: M.reasonTooLong })
  reason?: string | null;
}

/** A match's result: the winner (one of its two players) and, optionally, the scores. */
export class ReportMatchRequestDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: M.winnerId })
  winner_id: string;

  /** Player 1's score, a whole number from 0 to 999 (optional). */
  @ApiProperty({ required: false, nullable: true, type: 'integer', minimum: 0, maximum: L.scoreMax })
  @ValidateIf((o: ReportMatchRequestDto) => o.score1 !== undefined && o.score1 !== null)
  @IsInt({ message: M.score })
  @Min(0, { message: M.score })
  @Max(L.scoreMax, { message: M.score })
  score1?: number | null;

  /** Player 2's score, a whole number from 0 to 999 (optional). */
  @ApiProperty({ required: false, nullable: true, type: 'integer', minimum: 0, maximum: L.scoreMax })
  @ValidateIf((o: ReportMatchRequestDto) => o.score2 !== undefined && o.score2 !== null)
  @IsInt({ message: M.score })
  @Min(0, { message: M.score })
  @Max(L.scoreMax, { message: M.score })
  score2?: number | null;
}

export class ListTournamentsQueryDto {
  /** Only the tournaments of this status. */
  @ApiProperty({ required: false, enum: TOURNAMENT_STATUSES })
  @IsOptional()
  @EmptyAsAbsent()
  @IsIn(TOURNAMENT_STATUSES, { message: M.status })
  status?: TournamentStatus;
}

/** A tournament (seed 002 §3 Tournament), as the list shows it. */
export class TournamentDto {
  id: string;
  name: string;
  game: string;
  description: string;
  /** Decimal text with 2 decimals ("0.00"). */
  @ApiProperty({ type: 'string', example: '5.00' })
  entry_fee: string;
  /** Decimal text with 2 decimals ("500.00"). */
  @ApiProperty({ type: 'string', example: '500.00' })
  prize_pool: string;
  @ApiProperty({ type: 'integer' })
  max_participants: number;
  @ApiProperty({ type: 'integer' })
  current_participants: number;
  @ApiProperty({ type: 'string', format: 'date-time' })
  start_date: string;
  @ApiProperty({ enum: TOURNAMENT_STATUSES })
  status: TournamentStatus;
  organizer_id: string;
  organizer_name: string;
  /** The final's winner, once completed. */
  @ApiProperty({ type: 'string', nullable: true })
  champion_id: string | null;
  @ApiProperty({ type: 'string', nullable: true })
  champion_name: string | null;
  /** Whether the caller joined it (false for visitors). */
  joined: boolean;
  /** Whether the caller organizes it. */
  is_organizer: boolean;
  @ApiProperty({ type: 'string', format: 'date-time' })
  created_at: string;
}

export class TournamentPlayerDto {
  user_id: string;
  username: string;
  /** 1 for the best seed; null until the tournament starts. */
  @ApiProperty({ type: 'integer', nullable: true })
  seed: number | null;
}

export class MatchReportDto {
  by_user_id: string;
  winner_id: string;
  @ApiProperty({ type: 'integer', nullable: true })
  score1: number | null;
  @ApiProperty({ type: 'integer', nullable: true })
  score2: number | null;
}

const MATCH_STATUSES = ['waiting', 'ready', 'disputed', 'completed'];

export class MatchDto {
  id: string;
  @ApiProperty({ type: 'integer' })
  round: number;
  @ApiProperty({ type: 'integer' })
  number: number;
  @ApiProperty({ type: TournamentPlayerDto, nullable: true })
  player1: TournamentPlayerDto | null;
  @ApiProperty({ type: TournamentPlayerDto, nullable: true })
  player2: TournamentPlayerDto | null;
  /** One side is a bye: the other player goes through without playing. */
  bye: boolean;
  /** waiting: for its players; ready: to be played and reported; disputed: the players reported different winners. */
  @ApiProperty({ enum: MATCH_STATUSES })
  status: 'waiting' | 'ready' | 'disputed' | 'completed';
  @ApiProperty({ type: 'string', nullable: true })
  winner_id: string | null;
  @ApiProperty({ type: 'integer', nullable: true })
  score1: number | null;
  @ApiProperty({ type: 'integer', nullable: true })
  score2: number | null;
  /** The players' reports so far. */
  @ApiProperty({ type: [MatchReportDto] })
  reports: MatchReportDto[];
  /** Whether the caller may report it now (the organizer or one of its players, while it is ready or disputed). */
  can_report: boolean;
}

export class BracketRoundDto {
  @ApiProperty({ type: 'integer' })
  number: number;
  /** 'Final', 'Semifinals', 'Quarterfinals', else 'Round N'. */
  name: string;
  @ApiProperty({ type: [MatchDto] })
  matches: MatchDto[];
}

export class BracketDto {
  @ApiProperty({ type: [BracketRoundDto] })
  rounds: BracketRoundDto[];
}

/** A tournament with its participants and bracket. */
export class TournamentDetailDto extends TournamentDto {
  /** Best seed first once started; in join order before. */
  @ApiProperty({ type: [TournamentPlayerDto] })
  participants: TournamentPlayerDto[];
  /** Single elimination; null until the tournament starts. */
  @ApiProperty({ type: BracketDto, nullable: true })
  bracket: BracketDto | null;
  @ApiProperty({ type: 'string', nullable: true })
  cancel_reason: string | null;
}
