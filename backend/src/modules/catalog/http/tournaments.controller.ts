import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentPrincipal, UserAuthGuard } from '../../../common/auth/guards.js';
import { OptionalUserAuthGuard } from '../../../common/auth/optional-user.guard.js';
import type { Principal } from '../../../common/auth/principal.js';
import { RequiresFeature } from '../../../common/features/requires-feature.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { formDto } from '../../../common/http/validate-dto.js';
import { CancelTournamentUseCase } from '../application/cancel-tournament.use-case.js';
import { CreateTournamentUseCase } from '../application/create-tournament.use-case.js';
import { GetTournamentQuery } from '../application/get-tournament.query.js';
import { JoinTournamentUseCase } from '../application/join-tournament.use-case.js';
import { LeaveTournamentUseCase } from '../application/leave-tournament.use-case.js';
import { ListTournamentsQuery } from '../application/list-tournaments.query.js';
import { ReportTournamentMatchUseCase } from '../application/report-tournament-match.use-case.js';
import { StartTournamentUseCase } from '../application/start-tournament.use-case.js';
import { parseIsoDate } from './tournament-dates.js';
import { TournamentLimits } from './tournament-limits.js';
import { CancelTournamentRequestDto, CreateTournamentRequestDto, ListTournamentsQueryDto, ReportMatchRequestDto, TournamentDetailDto, TournamentDto } from './tournaments.dto.js';
import { tournamentDetailDto, tournamentDto } from './tournaments.mappers.js';

type Req = Request & { user?: Principal | null };

const NOT_FOUND = "'Tournament not found' (GAMING.TOURNAMENT_NOT_FOUND)";

/**
 * Tournaments of the gaming hub (seed 002 §2.10, §4 Tournament): anyone reads them; a signed-in user organizes one,
 * joins and leaves open ones; the organizer starts (single-elimination bracket) or cancels it; the organizer or the
 * players report match results until the final decides the champion.
 */
@ApiTags('gaming')
@RequiresFeature('gaming')
@Controller('api/gaming')
export class TournamentsController {
  constructor(
    private readonly list: ListTournamentsQuery,
    private readonly detail: GetTournamentQuery,
    private readonly create: CreateTournamentUseCase,
    private readonly joinUseCase: JoinTournamentUseCase,
    private readonly leaveUseCase: LeaveTournamentUseCase,
    private readonly startUseCase: StartTournamentUseCase,
    private readonly cancelUseCase: CancelTournamentUseCase,
    private readonly report: ReportTournamentMatchUseCase,
    private readonly limits: TournamentLimits,
  ) {}

  /** Tournaments: open ones first (soonest start first), then those in progress, then the rest newest first (at most 100). */
  @Get('tournaments')
  @UseGuards(OptionalUserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: [TournamentDto] })
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: 'An unknown status' })
  @ApiResponse({ status: 401, type: ErrorResponseDto, description: 'A token that is not a valid user token' })
  async listTournaments(@Req() req: Req, @Query() q: ListTournamentsQueryDto): Promise<TournamentDto[]> {
    return (await this.list.execute(q.status ?? null, req.user?.userId ?? null)).map(tournamentDto);
  }

  /** A tournament with its participants and (once started) its bracket. */
  @Get('tournament/:id')
  @UseGuards(OptionalUserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: TournamentDetailDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto, description: 'A token that is not a valid user token' })
  @ApiResponse({ status: 404, type: ErrorResponseDto, description: NOT_FOUND })
  async getTournament(@Req() req: Req, @Param('id') id: string): Promise<TournamentDetailDto> {
    return tournamentDetailDto(await this.detail.execute(id, req.user?.userId ?? null));
  }

  /** Organize a tournament (10 a day): open for joining until you start it, or its start date comes. */
  @Post('tournament/create')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiConsumes('application/json', 'application/x-www-form-urlencoded', 'multipart/form-data')
  @ApiBody({ type: CreateTournamentRequestDto })
  @ApiResponse({ status: 201, type: TournamentDetailDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: "'Please enter a tournament name', 'Please enter a game', 'Please enter a prize pool', 'Please choose a start date'; a value out of range" })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 429, type: ErrorResponseDto, description: 'More than 10 tournaments a day' })
  async createTournament(@CurrentPrincipal() p: Principal, @Req() req: Request): Promise<TournamentDetailDto> {
    const form = await formDto(req, CreateTournamentRequestDto);
    this.limits.create.hit(p.userId);
    const view = await this.create.execute(p.userId, {
      name: form.name,
      game: form.game,
      description: form.description ?? '',
      entryFee: form.entry_fee === undefined ? null : Number(form.entry_fee),
      prizePool: Number(form.prize_pool),
      maxParticipants: form.max_participants ?? null,
      startDate: parseIsoDate(form.start_date) ?? new Date(Number.NaN),
    });
    return tournamentDetailDto(view);
  }

  /** Join an open tournament that has places (once). */
  @Post('tournament/:id/join')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: TournamentDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto, description: NOT_FOUND })
  @ApiResponse({ status: 409, type: ErrorResponseDto, description: "'Tournament Full' (GAMING.TOURNAMENT_FULL), 'You have already joined this tournament' (GAMING.ALREADY_JOINED), 'This tournament is not open for joining' (GAMING.TOURNAMENT_CLOSED)" })
  @ApiResponse({ status: 429, type: ErrorResponseDto })
  async joinTournament(@CurrentPrincipal() p: Principal, @Param('id') id: string): Promise<TournamentDto> {
    this.limits.membership.hit(p.userId);
    return tournamentDto(await this.joinUseCase.execute(p.userId, id));
  }

  /** Leave a tournament you joined, while it is open. */
  @Post('tournament/:id/leave')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: TournamentDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto, description: NOT_FOUND })
  @ApiResponse({ status: 409, type: ErrorResponseDto, description: "'You have not joined this tournament' (GAMING.NOT_JOINED), 'This tournament is not open for joining' (GAMING.TOURNAMENT_CLOSED)" })
  @ApiResponse({ status: 429, type: ErrorResponseDto })
  async leaveTournament(@CurrentPrincipal() p: Principal, @Param('id') id: string): Promise<TournamentDto> {
    this.limits.membership.hit(p.userId);
    return tournamentDto(await this.leaveUseCase.execute(p.userId, id));
  }

  /** The organizer starts it (at least 2 participants): joining closes and the bracket is drawn (best seeds get the byes). */
  @Post('tournament/:id/start')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: TournamentDetailDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 403, type: ErrorResponseDto, description: "'Only the organizer can do this' (GAMING.NOT_ORGANIZER)" })
  @ApiResponse({ status: 404, type: ErrorResponseDto, description: NOT_FOUND })
  @ApiResponse({ status: 409, type: ErrorResponseDto, description: "'A tournament needs at least 2 participants to start' (GAMING.NOT_ENOUGH_PARTICIPANTS), 'This tournament is not open for joining' (GAMING.TOURNAMENT_CLOSED)" })
  async startTournament(@CurrentPrincipal() p: Principal, @Param('id') id: string): Promise<TournamentDetailDto> {
    return tournamentDetailDto(await this.startUseCase.execute(p.userId, id));
  }

  /** The organizer cancels it before it starts. */
  @Post('tournament/:id/cancel')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: TournamentDetailDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: 'A reason over 500 characters' })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 403, type: ErrorResponseDto, description: "'Only the organizer can do this' (GAMING.NOT_ORGANIZER)" })
  @ApiResponse({ status: 404, type: ErrorResponseDto, description: NOT_FOUND })
  @ApiResponse({ status: 409, type: ErrorResponseDto, description: "'This tournament has already started' (GAMING.TOURNAMENT_STARTED)" })
  async cancelTournament(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() body: CancelTournamentRequestDto): Promise<TournamentDetailDto> {
    return tournamentDetailDto(await this.cancelUseCase.execute(p.userId, id, body?.reason ?? null));
  }

  /**
   * Report a match's result. The organizer's report decides it; a player's is recorded, and decides it when the other
   * player's names the same winner (different winners: the match is disputed until the organizer decides). Deciding
   * the final completes the tournament.
   */
  @Post('tournament/:id/match/:matchId/report')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: TournamentDetailDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: "\"winner_id must be one of the match's players\"; a score out of 0..999" })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 403, type: ErrorResponseDto, description: "'Only the organizer or the players of this match can report it' (GAMING.NOT_MATCH_PLAYER)" })
  @ApiResponse({ status: 404, type: ErrorResponseDto, description: `${NOT_FOUND}, 'Match not found' (GAMING.MATCH_NOT_FOUND)` })
  @ApiResponse({ status: 409, type: ErrorResponseDto, description: "'This match is waiting for its players' (GAMING.MATCH_NOT_READY), 'This match is already decided' (GAMING.MATCH_DECIDED)" })
  @ApiResponse({ status: 429, type: ErrorResponseDto })
  async reportTournamentMatch(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Param('matchId') matchId: string, @Body() body: ReportMatchRequestDto): Promise<TournamentDetailDto> {
    this.limits.reports.hit(p.userId);
    const view = await this.report.execute(p.userId, id, matchId, { winnerId: body.winner_id, score1: body.score1 ?? null, score2: body.score2 ?? null });
    return tournamentDetailDto(view);
  }
}
