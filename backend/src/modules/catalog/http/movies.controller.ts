import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import { RequiresFeature } from '../../../common/features/requires-feature.js';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentPrincipal, UserAuthGuard } from '../../../common/auth/guards.js';
import { OptionalUserAuthGuard } from '../../../common/auth/optional-user.guard.js';
import type { Principal } from '../../../common/auth/principal.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { MediaService } from '../application/media.service.js';
import { NoMovieFile } from '../domain/catalog.errors.js';
import { validateMovieMeta } from '../domain/media-rules.js';
import { HeartbeatRequestDto, MovieListDto, MovieRatingDto, MovieResponseDto, MovieUploadFormDto, MovieUploadResponseDto, RateMovieRequestDto, ViewCountDto } from './catalog.dto.js';
import { MovieRatingsUseCases } from '../application/movie-ratings.use-cases.js';
import type { MovieRatingState } from '../domain/movie-rating.js';
import { EngagementLimits } from './engagement-limits.js';
import { PageQueryDto } from '../../../common/http/page-query.dto.js';
import { MediaPresenter } from './media-presenter.js';
import { MediaUploads } from './media-form.js';
import { pageSize } from '../../../common/keyset.js';
import { MediaRateLimit } from '../../../common/http/rate-limit.guard.js';
import { MovieUpNextQuery } from '../application/up-next.js';
import { MEDIA_REPOSITORY, type MediaRepository } from '../domain/ports.js';
import { Upload } from '../../../common/http/long-running.js';

type Req = Request & { user?: Principal | null };
/** Up next ranks the newest movies the viewer may see. */

/** The Cinema room's movies: visitors browse the list and the pages; watching (the stream) needs a signed-in user. */
@ApiTags('movies')
@Controller('api/movies')
export class MoviesController {
  constructor(
    private readonly service: MediaService,
    private readonly uploads: MediaUploads,
    private readonly presenter: MediaPresenter,
    @Inject(MEDIA_REPOSITORY) private readonly media: MediaRepository,
    private readonly upNext: MovieUpNextQuery,
    private readonly ratings: MovieRatingsUseCases,
    private readonly limits: EngagementLimits,
  ) {}

  /** Newest first, open to visitors: ready movies of public accounts, plus the signed-in viewer's own in every state. Premium movies are listed too (is_premium); their stream is refused to viewers without premium. */
  @Get()
  @UseGuards(OptionalUserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto, description: 'A token that is not a valid user token' })
  async listMovies(@Req() req: Req, @Query() q: PageQueryDto): Promise<MovieListDto> {
    const viewer = MediaService.signedInViewer(req);
    const page = await this.media.list('movie', viewer, pageSize(q.limit), q.cursor);
    return { movies: await this.presenter.movies(page.items, viewer), next_cursor: page.nextCursor };
  }

  /** Adds a movie: file, title, description, genre (JSON list, at most 3), year, duration (minutes), age_rating, is_premium, family_safe, cast (JSON list of names). */
  @Post('upload')
  @Upload()
  @RequiresFeature('uploads')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: MovieUploadFormDto })

  @ApiResponse({ status: 201, type: MovieUploadResponseDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 413, type: ErrorResponseDto })
  async uploadMovie(@CurrentPrincipal() p: Principal, @Req() req: Request): Promise<MovieUploadResponseDto> {
    const m = await this.uploads.receive(req, p.userId, 'movie', MovieUploadFormDto, validateMovieMeta, NoMovieFile);
    return { success: true, movie: (await this.presenter.movies([m], p.userId))[0] };
  }

  /** One movie, open to visitors (its stream_url carries an access token only for signed-in viewers). */
  @Get(':id')
  @UseGuards(OptionalUserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 401, type: ErrorResponseDto, description: 'A token that is not a valid user token' })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async getMovie(@Param('id') id: string, @Req() req: Req): Promise<MovieResponseDto> {
    const viewer = MediaService.signedInViewer(req);
    const m = await this.service.reachable('movie', id, viewer);
    return (await this.presenter.movies([m], viewer))[0];
  }

  /** The movie file with HTTP ranges (the URL from the list carries the viewer's access token). */
  @MediaRateLimit()
  @Get(':id/stream')
  @UseGuards(OptionalUserAuthGuard)
  @ApiResponse({ status: 200, description: 'The whole file' })
  @ApiResponse({ status: 206, description: 'A range of it' })
  @ApiResponse({ status: 304, description: 'Not modified (If-None-Match, If-Modified-Since)' })
  @ApiResponse({ status: 401, type: ErrorResponseDto, description: 'A visitor: movies are for signed-in users' })
  @ApiResponse({ status: 403, type: ErrorResponseDto, description: 'A premium movie, and the viewer is not premium, its owner or an administrator' })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 416, type: ErrorResponseDto, description: 'Range not satisfiable' })
  async streamMovie(@Param('id') id: string, @Req() req: Req, @Res() reply: Response): Promise<void> {
    await this.service.stream('movie', id, req, reply);
  }

  /** The HLS master playlist of a ready movie processed with a ladder (hls_url; null for movies that have none). Refused like the stream. */
  @MediaRateLimit()
  @Get(':id/hls/master.m3u8')
  @UseGuards(OptionalUserAuthGuard)
  @ApiResponse({ status: 200, description: 'The master playlist' })
  @ApiResponse({ status: 401, type: ErrorResponseDto, description: 'A visitor: movies are for signed-in users' })
  @ApiResponse({ status: 403, type: ErrorResponseDto, description: 'A premium movie, and the viewer is not premium, its owner or an administrator' })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async getMovieHlsMaster(@Param('id') id: string, @Req() req: Req, @Res() reply: Response): Promise<void> {
    await this.service.hls('movie', id, null, 'master.m3u8', req, reply);
  }

  /** A rendition playlist or segment of a ready movie's ladder (the playlists pass the master URL's access token on). Refused like the stream. */
  @MediaRateLimit()
  @Get(':id/hls/:rendition/:file')
  @UseGuards(OptionalUserAuthGuard)
  @ApiResponse({ status: 200, description: 'The playlist or segment' })
  @ApiResponse({ status: 206, description: 'A range of a segment' })
  @ApiResponse({ status: 304, description: 'Not modified (If-None-Match, If-Modified-Since)' })
  @ApiResponse({ status: 401, type: ErrorResponseDto, description: 'A visitor: movies are for signed-in users' })
  @ApiResponse({ status: 403, type: ErrorResponseDto, description: 'A premium movie, and the viewer is not premium, its owner or an administrator' })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 416, type: ErrorResponseDto, description: 'Range not satisfiable' })
  async getMovieHlsFile(@Param('id') id: string, @Param('rendition') rendition: string, @Param('file') file: string, @Req() req: Req, @Res() reply: Response): Promise<void> {
    await this.service.hls('movie', id, rendition, file, req, reply);
  }

  /** Up next after this movie: other ready movies the viewer may open, the same channel's first, then by title similarity and newest. */
  @Get(':id/up-next')
  @UseGuards(OptionalUserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: [MovieResponseDto] })
  @ApiResponse({ status: 401, type: ErrorResponseDto, description: 'A token that is not a valid user token' })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async listMovieUpNext(@Param('id') id: string, @Req() req: Req): Promise<MovieResponseDto[]> {
    const viewer = MediaService.signedInViewer(req);
    return this.presenter.movies(await this.upNext.execute(id, viewer), viewer);
  }

  /** Seconds actually watched since the last heartbeat (signed-in viewers; watch hours), and where playback is (resume, Continue watching). */
  @Post(':id/heartbeat')
  @HttpCode(204)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 204, description: 'Recorded' })
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: 'seconds not 1 to 60, or a position that is not in the movie' })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 403, type: ErrorResponseDto, description: 'A premium movie, and the viewer is not premium, its owner or an administrator' })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async recordMovieWatchTime(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() body: HeartbeatRequestDto): Promise<void> {
    await this.service.heartbeat('movie', id, p.userId, body?.seconds, body?.position);
  }

  /** Counts a view of the movie's page being played: one per viewer per 30 minutes. */
  @Post(':id/view')
  @HttpCode(200)
  @UseGuards(OptionalUserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 401, type: ErrorResponseDto, description: 'A token that is not a valid user token' })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async countMovieView(@Param('id') id: string, @Req() req: Req): Promise<ViewCountDto> {
    return this.service.view('movie', id, req);
  }

  /**
   * Rates the movie 1 to 5 stars, or changes the caller's rating (one per viewer); answers the movie's new average and
   * count, and the caller's rating. Not the owner's own movie (403); a premium movie only for those who may watch it (403).
   */
  @Put(':id/rating')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: MovieRatingDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: 'stars is not a whole number from 1 to 5' })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 403, type: ErrorResponseDto, description: "The caller's own movie, or a premium movie and the caller may not watch it" })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 429, type: ErrorResponseDto, description: 'More than ENGAGEMENT_LIMIT_PER_MINUTE rating changes a minute' })
  async rateMovie(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() body: RateMovieRequestDto): Promise<MovieRatingDto> {
    this.limits.ratings.hit(p.userId);
    return toRatingDto(await this.ratings.rate(id, p.userId, body?.stars));
  }

  /** Removes the caller's rating of the movie (none is not an error); answers the movie's new average and count. */
  @Delete(':id/rating')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: MovieRatingDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 403, type: ErrorResponseDto, description: "The caller's own movie" })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 429, type: ErrorResponseDto, description: 'More than ENGAGEMENT_LIMIT_PER_MINUTE rating changes a minute' })
  async unrateMovie(@CurrentPrincipal() p: Principal, @Param('id') id: string): Promise<MovieRatingDto> {
    this.limits.ratings.hit(p.userId);
    return toRatingDto(await this.ratings.unrate(id, p.userId));
  }

}

function toRatingDto(state: MovieRatingState): MovieRatingDto {
  return { rating: state.average, rating_count: state.count, my_rating: state.mine };
}
