import { Body, Controller, Get, HttpCode, Injectable, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentPrincipal, UserAuthGuard } from '../../../common/auth/guards.js';
import { OptionalUserAuthGuard } from '../../../common/auth/optional-user.guard.js';
import type { Principal } from '../../../common/auth/principal.js';
import { RequiresFeature } from '../../../common/features/requires-feature.js';
import { ActionLimiter } from '../../../common/http/action-limiter.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { GameLeaderboardQuery } from '../application/game-leaderboard.query.js';
import { GetGameQuery } from '../application/get-game.query.js';
import { ListGamesQuery } from '../application/list-games.query.js';
import { RateGameUseCase } from '../application/rate-game.use-case.js';
import { StartGameSessionUseCase } from '../application/start-game-session.use-case.js';
import { SubmitGameScoreUseCase } from '../application/submit-game-score.use-case.js';
import { GameDto, GameLeaderboardDto, GameLeaderboardQueryDto, GameSessionDto, RateGameRequestDto, ScoreResultDto, SubmitGameScoreRequestDto } from './games.dto.js';
import { gameDto, gameLeaderboardDto, gameSessionDto, scoreResultDto } from './games.mappers.js';

type Req = Request & { user?: Principal | null };

/** Per-user limits on plays (12 a minute), scores (30) and ratings (30), on top of the per-address limit. */
@Injectable()
export class GameLimits {
  readonly plays = new ActionLimiter(12, 60_000, 'You are starting games too fast. Please wait a minute.');
  readonly scores = new ActionLimiter(30, 60_000, 'You are sending scores too fast. Please wait a minute.');
  readonly ratings = new ActionLimiter(30, 60_000, 'You are changing ratings too fast. Please wait a minute.');
}

/**
 * Browser games (seed 002 §2.10 Gaming, Games tab): the built-in games, plays with honest scores (a session per play,
 * its score checked against the game's reachable maximum and time window), ratings and per-game leaderboards.
 */
@ApiTags('gaming')
@RequiresFeature('gaming')
@Controller('api/gaming')
export class GamesController {
  constructor(
    private readonly list: ListGamesQuery,
    private readonly get: GetGameQuery,
    private readonly start: StartGameSessionUseCase,
    private readonly submit: SubmitGameScoreUseCase,
    private readonly rateUseCase: RateGameUseCase,
    private readonly leaderboard: GameLeaderboardQuery,
    private readonly limits: GameLimits,
  ) {}

  /** The games, the most played first, with the caller's rating and best. */
  @Get('games')
  @UseGuards(OptionalUserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: [GameDto] })
  @ApiResponse({ status: 401, type: ErrorResponseDto, description: 'A token that is not a valid user token' })
  async listGames(@Req() req: Req): Promise<GameDto[]> {
    return (await this.list.execute(req.user?.userId ?? null)).map(gameDto);
  }

  @Get('game/:id')
  @UseGuards(OptionalUserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: GameDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto, description: 'A token that is not a valid user token' })
  @ApiResponse({ status: 404, type: ErrorResponseDto, description: "'Game not found' (GAMING.GAME_NOT_FOUND)" })
  async getGame(@Req() req: Req, @Param('id') id: string): Promise<GameDto> {
    return gameDto(await this.get.execute(id, req.user?.userId ?? null));
  }

  /** Starts a play (counted in `plays`): send its score with the session id once it has ended. */
  @Post('game/:id/play')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 201, type: GameSessionDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto, description: "'Game not found' (GAMING.GAME_NOT_FOUND)" })
  @ApiResponse({ status: 429, type: ErrorResponseDto, description: 'More than 12 plays a minute' })
  async playGame(@CurrentPrincipal() p: Principal, @Param('id') id: string): Promise<GameSessionDto> {
    this.limits.plays.hit(p.userId);
    return gameSessionDto(await this.start.execute(p.userId, id));
  }

  /**
   * Sends a session's score: once, by its player, from 1 s before its end to 2 minutes after it, at most
   * max_points_per_second × duration_seconds. Answers the player's best and ranks today, this week and all time.
   */
  @Post('game/:id/score')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 201, type: ScoreResultDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: "A score that is not a whole number of at least 0; 'Score is not plausible: at most {max} points in {duration} seconds' (GAMING.IMPLAUSIBLE_SCORE)" })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto, description: "'Game not found'; 'Game session not found' (GAMING.SESSION_NOT_FOUND: unknown, another user's or another game's)" })
  @ApiResponse({ status: 409, type: ErrorResponseDto, description: "'This game session already has a score' (GAMING.SESSION_USED); 'The game is still running' (GAMING.GAME_RUNNING)" })
  @ApiResponse({ status: 410, type: ErrorResponseDto, description: "'This game session has expired' (GAMING.SESSION_EXPIRED: more than 2 minutes after its end)" })
  @ApiResponse({ status: 429, type: ErrorResponseDto, description: 'More than 30 scores a minute' })
  async submitGameScore(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() body: SubmitGameScoreRequestDto): Promise<ScoreResultDto> {
    this.limits.scores.hit(p.userId);
    return scoreResultDto(await this.submit.execute(p.userId, id, body.session_id, body.score));
  }

  /** Rates the game 1 to 5 (one rating per player, changeable), once the caller finished a session of it. */
  @Post('game/:id/rate')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: GameDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: 'rating is not a whole number from 1 to 5' })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 403, type: ErrorResponseDto, description: "'Play the game before rating it' (GAMING.PLAY_FIRST)" })
  @ApiResponse({ status: 404, type: ErrorResponseDto, description: "'Game not found' (GAMING.GAME_NOT_FOUND)" })
  @ApiResponse({ status: 429, type: ErrorResponseDto, description: 'More than 30 ratings a minute' })
  async rateGame(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() body: RateGameRequestDto): Promise<GameDto> {
    this.limits.ratings.hit(p.userId);
    return gameDto(await this.rateUseCase.execute(p.userId, id, body.rating));
  }

  /** The game's top 10 of today (UTC), this ISO week or all time (each player's best; ties share a rank), and the caller's place. */
  @Get('game/:id/leaderboard')
  @UseGuards(OptionalUserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: GameLeaderboardDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: "'period must be one of today, week, all'" })
  @ApiResponse({ status: 401, type: ErrorResponseDto, description: 'A token that is not a valid user token' })
  @ApiResponse({ status: 404, type: ErrorResponseDto, description: "'Game not found' (GAMING.GAME_NOT_FOUND)" })
  async getGameLeaderboard(@Req() req: Req, @Param('id') id: string, @Query() q: GameLeaderboardQueryDto): Promise<GameLeaderboardDto> {
    return gameLeaderboardDto(await this.leaderboard.execute(id, q.period ?? 'all', req.user?.userId ?? null));
  }
}
