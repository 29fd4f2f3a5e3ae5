import { Controller, Delete, Get, HttpCode, Param, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentPrincipal, UserAuthGuard } from '../../../common/auth/guards.js';
import { OptionalUserAuthGuard } from '../../../common/auth/optional-user.guard.js';
import type { Principal } from '../../../common/auth/principal.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { HomeFeedQuery } from '../application/home-feed.query.js';
import { MediaService } from '../application/media.service.js';
import { HomeResponseDto } from './home.dto.js';
import { MediaPresenter } from './media-presenter.js';

@ApiTags('home')
@Controller('api/home')
export class HomeController {
  constructor(
    private readonly home: HomeFeedQuery,
    private readonly presenter: MediaPresenter,
  ) {}

  /** Home's sections from real data: Following and Continue watching for a signed-in viewer, Trending for everyone. */
  @Get()
  @UseGuards(OptionalUserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: HomeResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto, description: 'A token that is not a valid user token' })
  async getHome(@Req() req: Request & { user?: Principal | null }): Promise<HomeResponseDto> {
    const viewer = MediaService.signedInViewer(req);
    const s = await this.home.sections(viewer);
    // One presenter pass for every section: owners and likes in one query each.
    const all = await this.presenter.videos([...s.following, ...s.trending, ...s.continueWatching.map((c) => c.media)], viewer);
    const following = all.slice(0, s.following.length);
    const trending = all.slice(s.following.length, s.following.length + s.trending.length);
    const watching = all.slice(s.following.length + s.trending.length);
    return {
      following,
      trending,
      continue_watching: s.continueWatching.map((c, i) => ({ video: watching[i], kind: c.media.kind === 'movie' ? 'movie' : 'video', position_seconds: c.positionSeconds })),
    };
  }

  /** Removes a video from the caller's Continue watching. */
  @Delete('continue-watching/:id')
  @HttpCode(204)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 204, description: 'Removed' })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async forgetContinueWatching(@CurrentPrincipal() p: Principal, @Param('id') id: string): Promise<void> {
    await this.home.forget(p.userId, id);
  }
}
