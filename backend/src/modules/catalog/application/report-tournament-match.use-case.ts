import { Inject, Injectable } from '@nestjs/common';
import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import { BRACKET_ENGINE, type BracketEngine } from '../domain/bracket.js';
import { tournamentErrors } from '../domain/tournament.errors.js';
import type { MatchResultInput } from '../domain/tournament.js';
import { TOURNAMENT_CHANGES, TOURNAMENT_CLOCK, TOURNAMENTS, type TournamentChanges, type TournamentClock, type TournamentRepository } from '../domain/tournament.ports.js';
import { CATALOG_UNIT_OF_WORK } from './tokens.js';
import { TournamentViews, type TournamentDetailView } from './tournament-views.js';

/**
 * A match's result, reported by the organizer (decides) or one of its players (two agreeing reports decide; differing
 * ones leave it disputed until the organizer decides). Deciding moves the winner on; deciding the final completes the
 * tournament. All of it under the tournament's row lock, the bracket read and written in the same transaction.
 */
@Injectable()
export class ReportTournamentMatchUseCase {
  constructor(
    @Inject(TOURNAMENTS) private readonly tournaments: TournamentRepository,
    @Inject(CATALOG_UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @Inject(TOURNAMENT_CLOCK) private readonly clock: TournamentClock,
    @Inject(TOURNAMENT_CHANGES) private readonly changes: TournamentChanges,
    @Inject(BRACKET_ENGINE) private readonly engine: BracketEngine,
    private readonly views: TournamentViews,
  ) {}

  async execute(userId: string, tournamentId: string, matchId: string, input: MatchResultInput): Promise<TournamentDetailView> {
    const t = await this.uow.inTransaction(async () => {
      const t = await this.tournaments.find(tournamentId, { lock: true });
      if (!t) throw tournamentErrors.notFound();
      const state = await this.tournaments.bracket(t.id);
      const match = state ? (this.engine.rounds(state).flatMap((r) => r.matches).find((m) => m.id === matchId) ?? null) : null;
      const reports = (await this.tournaments.reports(t.id)).get(matchId) ?? [];
      const now = this.clock.now();
      const outcome = t.report(userId, match, reports, input);
      if ('record' in outcome) {
        await this.tournaments.putReport(t.id, matchId, outcome.record, now);
        return t;
      }
      if (!this.isOrganizerDecision(t.organizerId, userId)) await this.tournaments.putReport(t.id, matchId, { byUserId: userId, ...outcome.decide }, now);
      const next = await this.engine.recordWinner(state!, matchId, outcome.decide.winnerId, outcome.decide.score1, outcome.decide.score2);
      await this.tournaments.saveBracket(t.id, next);
      const champion = this.engine.champion(next);
      if (champion) {
        t.complete(champion, now);
        await this.tournaments.save(t);
      }
      this.changes.changed(t.id);
      return t;
    });
    return this.views.detail(t, userId);
  }

  private isOrganizerDecision(organizerId: string, userId: string): boolean {
    return organizerId === userId;
  }
}
