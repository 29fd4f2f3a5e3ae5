import { Body, Controller, Get, Header, HttpCode, Param, Post, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentPrincipal, UserAuthGuard } from '../../../common/auth/guards.js';
import { OptionalUserAuthGuard } from '../../../common/auth/optional-user.guard.js';
import type { Principal } from '../../../common/auth/principal.js';
import { RequiresFeature } from '../../../common/features/requires-feature.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { Upload } from '../../../common/http/long-running.js';
import { MediaRateLimit } from '../../../common/http/rate-limit.guard.js';
import { pageSize } from '../../../common/keyset.js';
import { MediaService } from '../application/media.service.js';
import { PodcastEpisodes } from '../application/podcast.use-cases.js';
import type { ListeningPosition } from '../domain/podcast.js';
import { EpisodeNotAudio, NoEpisodeFile, PODCAST_MESSAGES, validateEpisodeMeta } from '../domain/podcast.js';
import { clientAddress } from '../../../common/http/client-address.js';
import { EngagementLimits } from './engagement-limits.js';
import { MediaUploads } from './media-form.js';
import { AUDIO_ONLY_LABEL, type VideoContainer } from '../../../common/storage/sniff.js';
import { trackKindsOf } from '../../../common/storage/track-kinds.js';
import { ifNoneMatch, PodcastArtwork, RenderedFeeds, renderFeed } from './podcast-feed.js';
import { PodcastPresenter } from './podcast-presenter.js';
import {
  PodcastAnalyticsDto,
  PodcastCategoryListDto,
  PodcastContinueListeningDto,
  PodcastEpisodeDto,
  PodcastEpisodeListDto,
  PodcastEpisodesQueryDto,
  PodcastLikeDto,
  PodcastPlayDto,
  PodcastPlayRequestDto,
  PodcastProgressDto,
  PodcastProgressRequestDto,
  PodcastShowDetailDto,
  PodcastShowListDto,
  PodcastSubscribeDto,
  PodcastSubscribeRequestDto,
  PodcastSubscriptionsDto,
  PodcastUploadFormDto,
} from './podcast.dto.js';

type Req = Request & { user?: Principal | null };

/** The Discover tab shows the first 6 trending episodes. */
const TRENDING = 6;

/** Podcasts (seed 002 §7 Podcasts): episodes, shows, subscriptions, analytics, streaming and each show's RSS feed. */
@ApiTags('podcasts')
@Controller('api/podcasts')
@RequiresFeature('podcasts')
export class PodcastsController {
  constructor(
    private readonly episodes: PodcastEpisodes,
    private readonly uploads: MediaUploads,
    private readonly presenter: PodcastPresenter,
    private readonly artwork: PodcastArtwork,
    private readonly service: MediaService,
    private readonly limits: EngagementLimits,
  ) {}

  /** Rendered feeds, by show, while what they show is unchanged. */
  private readonly feeds = new RenderedFeeds();

  /** Ready episodes of public accounts and the signed-in caller's own, newest first; `category` and `show` filters. */
  @Get('episodes')
  @UseGuards(OptionalUserAuthGuard)
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  async listEpisodes(@Req() req: Req, @Query() q: PodcastEpisodesQueryDto): Promise<PodcastEpisodeListDto> {
    const viewer = MediaService.signedInViewer(req);
    const items = await this.episodes.list(viewer, { category: q.category ?? null, showId: q.show ?? null }, pageSize(q.limit, 50));
    return { episodes: await this.presenter.episodes(items, viewer) };
  }

  /** Most played in the last 7 days, then all-time plays (the first 6; the app shows them as Trending Now). */
  @Get('trending')
  @UseGuards(OptionalUserAuthGuard)
  async trendingEpisodes(@Req() req: Req): Promise<PodcastEpisodeListDto> {
    const viewer = MediaService.signedInViewer(req);
    return { episodes: await this.presenter.episodes(await this.episodes.trending(TRENDING), viewer) };
  }

  /** The categories that have ready public episodes, with their counts. */
  @Get('categories')
  async listPodcastCategories(): Promise<PodcastCategoryListDto> {
    return { categories: (await this.episodes.categories()).map((c) => ({ category: c.category, episode_count: c.count })) };
  }

  /** Shows with episodes the caller may see, latest episode first. */
  @Get('shows')
  @UseGuards(OptionalUserAuthGuard)
  async listShows(@Req() req: Req): Promise<PodcastShowListDto> {
    const viewer = MediaService.signedInViewer(req);
    return { shows: await this.presenter.shows(await this.episodes.shows(viewer), viewer, req) };
  }

  /** One show with its episodes and whether the caller is subscribed to its name. */
  @Get('shows/:id')
  @UseGuards(OptionalUserAuthGuard)
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async getShow(@Param('id') id: string, @Req() req: Req): Promise<PodcastShowDetailDto> {
    const viewer = MediaService.signedInViewer(req);
    const { show, episodes } = await this.episodes.show(id, viewer);
    const [card] = await this.presenter.shows([show], viewer, req);
    return { ...card, subscribed: await this.episodes.subscribedTo(viewer, show.showName), episodes: await this.presenter.episodes(episodes, viewer) };
  }

  /** The show's public RSS 2.0 feed (iTunes and Podcasting 2.0 tags) of its ready public episodes; no sign-in. */
  @Get('shows/:id/feed.xml')
  @MediaRateLimit()
  @ApiProduces('application/rss+xml')
  @ApiResponse({ status: 200, description: 'RSS 2.0', content: { 'application/rss+xml': { schema: { type: 'string' } } } })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async getShowFeed(@Param('id') id: string, @Req() req: Request, @Res() reply: Response): Promise<void> {
    const show = await this.episodes.feedShow(id);
    const [[card], fingerprint] = await Promise.all([this.presenter.shows([show], null, req), this.episodes.feedFingerprint(show)]);
    const feedUrl = card.feed_url;
    // The feed is rendered again only when what it shows changed: its episodes (fingerprint), the show's name,
    // category and creator, or the address it is asked at.
    const version = [fingerprint, show.showName, show.category, card.creator_name, feedUrl].join('\n');
    let feed = this.feeds.get(show.id, version);
    if (!feed) {
      const items = [];
      for (const e of await this.episodes.feedEpisodes(show)) {
        // The original's size is on its row (the stored file is the upload, byte for byte); a rendition's is read.
        const key = e.details.audioKey;
        const length = key ? await this.service.storedSize(key) : Number(e.media.originalSize);
        if (length === null || !(length > 0)) continue;
        items.push({ episode: e, enclosureUrl: this.presenter.absolute(req, `/api/podcasts/episode/${e.media.id}/stream`), length, type: key ? 'audio/mp4' : e.media.contentType });
      }
      const body = renderFeed({
        show,
        creatorName: card.creator_name,
        feedUrl,
        link: this.presenter.absolute(req, `/podcasts?show=${show.id}`),
        imageUrl: this.presenter.absolute(req, `/api/podcasts/shows/${show.id}/artwork.jpg`),
        items,
      });
      feed = this.feeds.put(show.id, version, body);
    }
    reply.setHeader('Cache-Control', 'public, max-age=300');
    reply.setHeader('ETag', feed.etag);
    if (ifNoneMatch(req.headers['if-none-match'], feed.etag)) {
      reply.status(304).end();
      return;
    }
    reply.status(200).setHeader('Content-Type', 'application/rss+xml; charset=utf-8').setHeader('Content-Length', Buffer.byteLength(feed.body)).end(feed.body);
  }

  /** The show's square 1400 px JPEG artwork (the latest public episode's cover, else drawn from its name). */
  @Get('shows/:id/artwork.jpg')
  @MediaRateLimit()
  @ApiProduces('image/jpeg')
  @ApiResponse({ status: 200, description: 'A 1400 × 1400 JPEG', content: { 'image/jpeg': { schema: { type: 'string', format: 'binary' } } } })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async getShowArtwork(@Param('id') id: string, @Res() reply: Response): Promise<void> {
    const { show, episodes } = await this.episodes.feed(id);
    const jpeg = await this.artwork.render(show, episodes.find((e) => e.media.thumbnailKey)?.media.thumbnailKey ?? null);
    reply.status(200).setHeader('Content-Type', 'image/jpeg').setHeader('Cache-Control', 'public, max-age=3600').send(jpeg);
  }

  /** Likes or unlikes an episode; returns the new state and count. */
  @Post('episode/:id/like')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 429, type: ErrorResponseDto })
  async likeEpisode(@CurrentPrincipal() p: Principal, @Param('id') id: string): Promise<PodcastLikeDto> {
    this.limits.likes.hit(p.userId);
    return this.episodes.like(id, p.userId);
  }

  /** Subscribes to a show name, or unsubscribes when already subscribed (form or JSON `show_name`). */
  @Post('subscribe')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto, description: 'No show of that name' })
  async subscribeShow(@CurrentPrincipal() p: Principal, @Body() body: PodcastSubscribeRequestDto): Promise<PodcastSubscribeDto> {
    return this.episodes.subscribe(p.userId, body.show_name);
  }

  /** The caller's subscriptions, with the shows of those names. */
  @Get('subscriptions')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  async listSubscriptions(@CurrentPrincipal() p: Principal, @Req() req: Req): Promise<PodcastSubscriptionsDto> {
    const { names, shows } = await this.episodes.subscriptions(p.userId);
    return { show_names: names, shows: await this.presenter.shows(shows, p.userId, req) };
  }

  /** The caller's shows' figures, level (1-10), achievements and plays per day for the last 90 days. */
  @Get('analytics')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  async podcastAnalytics(@CurrentPrincipal() p: Principal, @Req() req: Req): Promise<PodcastAnalyticsDto> {
    const a = await this.episodes.analytics(p.userId);
    return {
      total_episodes: a.totalEpisodes,
      total_plays: a.totalPlays,
      total_likes: a.totalLikes,
      total_subscribers: a.totalSubscribers,
      total_downloads: a.totalDownloads,
      podcast_level: a.level,
      achievements: a.achievements,
      plays_per_day: a.playsPerDay.map((d) => ({ date: d.date, plays: d.plays })),
      shows: await this.presenter.shows(a.shows, p.userId, req),
    };
  }

  /**
   * Uploads an episode as the active account: title and show name required; audio only (MP3, AAC/M4A, Ogg/Opus,
   * FLAC, WAV by their bytes). Processed in the background.
   */
  @Post('upload')
  @Upload()
  @RequiresFeature('uploads')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: PodcastUploadFormDto })
  @ApiResponse({ status: 201, type: PodcastEpisodeDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 403, type: ErrorResponseDto, description: 'monetization_enabled without the creator program' })
  @ApiResponse({ status: 413, type: ErrorResponseDto })
  async uploadEpisode(@CurrentPrincipal() p: Principal, @Req() req: Request): Promise<PodcastEpisodeDto> {
    const m = await this.uploads.receive(req, p.userId, 'episode', PodcastUploadFormDto, validateEpisodeMeta, NoEpisodeFile, async (_meta, file) => {
      // A video container (MP4, MOV, WebM, MKV) passes only when it holds sound and no picture (then it is audio).
      const asAudio = AUDIO_ONLY_LABEL[file.label as VideoContainer];
      if (!asAudio) return {};
      const kinds = await trackKindsOf(file.path, file.size, file.label);
      return kinds && kinds.audio && !kinds.video ? { label: asAudio } : { refuse: EpisodeNotAudio(PODCAST_MESSAGES.videoFile) };
    });
    const [dto] = await this.presenter.episodes([await this.episodes.get(m.id, p.userId)], p.userId);
    return dto;
  }

  /** The episode's audio (the AAC rendition of a lossless source, else the original) with ranges and HEAD; counts IAB downloads. */
  @MediaRateLimit()
  @Get('episode/:id/stream')
  @UseGuards(OptionalUserAuthGuard)
  @ApiResponse({ status: 200, description: 'The whole file' })
  @ApiResponse({ status: 206, description: 'A range of it' })
  @ApiResponse({ status: 304, description: 'Not modified (If-None-Match, If-Modified-Since)' })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 416, type: ErrorResponseDto, description: 'Range not satisfiable' })
  async streamEpisode(@Param('id') id: string, @Req() req: Req, @Res() reply: Response): Promise<void> {
    await this.episodes.stream(id, req, reply);
  }

  /** Reports listening (the music rule: a play after 30 s of listening, once per play-through); signed in or not. */
  @Post('episode/:id/play')
  @HttpCode(200)
  @UseGuards(OptionalUserAuthGuard)
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 429, type: ErrorResponseDto, description: 'More than ENGAGEMENT_LIMIT_PER_MINUTE reports a minute from one listener' })
  async playEpisode(@Param('id') id: string, @Req() req: Req, @Body() body: PodcastPlayRequestDto): Promise<PodcastPlayDto> {
    this.limits.plays.hit(MediaService.signedInViewer(req) ?? `address:${clientAddress(req)}`);
    return this.episodes.play(id, req, body?.seconds_listened);
  }
  /** Where the caller is in an episode, to resume it (0 when never played). */
  @Get('episode/:id/progress')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async getEpisodeProgress(@CurrentPrincipal() p: Principal, @Param('id') id: string): Promise<PodcastProgressDto> {
    const { episodeId, position } = await this.episodes.progress(id, p.userId);
    return progressDto(episodeId, position);
  }

  /** Saves where the caller is (the player sends it as it plays, on pause and at the end). */
  @Put('episode/:id/progress')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 429, type: ErrorResponseDto, description: 'More than ENGAGEMENT_LIMIT_PER_MINUTE listening reports a minute' })
  async saveEpisodeProgress(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() body: PodcastProgressRequestDto): Promise<PodcastProgressDto> {
    this.limits.plays.hit(p.userId);
    const { episodeId, position } = await this.episodes.saveProgress(id, p.userId, body?.position_seconds);
    return progressDto(episodeId, position);
  }

  /** Continue listening: episodes the caller stopped part-way through, most recent first. */
  @Get('progress')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  async continueListening(@CurrentPrincipal() p: Principal): Promise<PodcastContinueListeningDto> {
    const rows = await this.episodes.continueListening(p.userId);
    const episodes = await this.presenter.episodes(rows.map((r) => r.view), p.userId);
    return {
      items: rows.map((r, i) => ({ episode: episodes[i], position_seconds: r.position.positionSeconds, updated_at: r.position.updatedAt.toISOString() })),
    };
  }
}

function progressDto(episodeId: string, position: ListeningPosition | null): PodcastProgressDto {
  return {
    episode_id: episodeId,
    position_seconds: position?.positionSeconds ?? 0,
    completed: position !== null && position.finishedAt !== null && position.positionSeconds === 0,
    updated_at: position?.updatedAt.toISOString() ?? null,
  };
}
