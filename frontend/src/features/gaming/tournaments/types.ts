import type { components } from '../../../api/schema';

type Schemas = components['schemas'];

/** Tournaments as the API gives them (issue 15: TournamentDto, TournamentDetailDto, BracketDto, MatchDto). */
export type Tournament = Schemas['TournamentDto'];
export type TournamentDetail = Schemas['TournamentDetailDto'];
export type TournamentStatus = Tournament['status'];
export type Participant = Schemas['TournamentPlayerDto'];
export type MatchPlayer = Schemas['TournamentPlayerDto'];
export type MatchReport = Schemas['MatchReportDto'];
export type Match = Schemas['MatchDto'];
export type MatchStatus = Match['status'];
export type BracketRound = Schemas['BracketRoundDto'];
export type Bracket = Schemas['BracketDto'];

/** What the Create Tournament dialog sends (the form's text, as typed). */
export interface TournamentInput {
  name: string;
  game: string;
  description: string;
  entry_fee: string;
  prize_pool: string;
  max_participants: string;
  /** `YYYY-MM-DDTHH:mm` in the browser's time zone (datetime-local). */
  start_date: string;
}

export interface MatchResultInput {
  winner_id: string;
  score1?: number;
  score2?: number;
}
