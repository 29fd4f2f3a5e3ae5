import { Inject, Injectable } from '@nestjs/common';
import type { TournamentStatus } from '../domain/tournament.js';
import { centsText } from '../domain/tournament.rules.js';
import { TOURNAMENT_PLAYER_NAMES, TOURNAMENTS, type TournamentPlayerNames, type TournamentRepository } from '../domain/tournament.ports.js';

/** A tournament as search indexes and shows it (seed 002 §3 Gaming items: name, game, prize_pool, status). */
export interface TournamentSummary {
  id: string;
  name: string;
  game: string;
  description: string;
  status: TournamentStatus;
  organizerId: string;
  organizerName: string;
  currentParticipants: number;
  maxParticipants: number;
  entryFeeCents: number;
  prizePoolCents: number;
  /** The prize pool as the API shows it ("500.00"). */
  prizePool: string;
  startDate: Date;
  createdAt: Date;
}

/**
 * The search index's document of a tournament (every status: the source decides what others find): the summary, and
 * the index's own fields.
 */
export interface TournamentDocument extends TournamentSummary {
  /** Its name. */
  title: string;
  /** Its game and description. */
  body: string;
  /** Its participants. */
  popularity: number;
  /** When it was created. */
  publishedAt: Date;
}
/** A tournament card of search results. */
export type TournamentCard = TournamentSummary;

export interface TournamentChampion {
  userId: string;
  tournamentsWon: number;
  /** The sum of the prize pools of the tournaments they won, as a decimal string ("150.00"). */
  totalWinnings: string;
}

/** What other contexts read of tournaments: the search index's documents and cards, and the champions' table. */
@Injectable()
export class TournamentDirectoryQuery {
  constructor(
    @Inject(TOURNAMENTS) private readonly tournaments: TournamentRepository,
    @Inject(TOURNAMENT_PLAYER_NAMES) private readonly names: TournamentPlayerNames,
  ) {}

  async document(id: string): Promise<TournamentDocument | null> {
    const t = (await this.cards([id]))[0];
    if (!t) return null;
    return { ...t, title: t.name, body: [t.game, t.description].join(' ').trim(), popularity: t.currentParticipants, publishedAt: t.createdAt };
  }

  /** In the order asked; unknown ids left out (tournaments are public). */
  async cards(ids: string[]): Promise<TournamentCard[]> {
    const list = await this.tournaments.findMany(ids);
    const names = await this.names.usernames([...new Set(list.map((t) => t.organizerId))]);
    const byId = new Map(list.map((t) => [t.id, t]));
    return ids.flatMap((id) => {
      const t = byId.get(id);
      if (!t) return [];
      return [{
        id: t.id,
        name: t.name,
        game: t.game,
        description: t.description,
        status: t.status,
        organizerId: t.organizerId,
        organizerName: names.get(t.organizerId) ?? 'Deleted user',
        currentParticipants: t.participantsCount,
        maxParticipants: t.maxParticipants,
        entryFeeCents: t.entryFeeCents,
        prizePoolCents: t.prizePoolCents,
        prizePool: centsText(t.prizePoolCents),
        startDate: t.startDate,
        createdAt: t.createdAt,
      }];
    });
  }

  ids(): Promise<string[]> {
    return this.tournaments.allIds();
  }

  async champions(limit: number): Promise<TournamentChampion[]> {
    return (await this.tournaments.champions(limit)).map((c) => ({ userId: c.userId, tournamentsWon: c.tournamentsWon, totalWinnings: centsText(c.totalWinningsCents) }));
  }
}
