import { DomainError } from '../../common/errors/domain-error.js';
import { CommentAudience } from './application/comment-audience.js';
import { CommentsUseCases } from './application/comments.use-cases.js';
import { MovieRatingsUseCases } from './application/movie-ratings.use-cases.js';
import type { FollowChecker, FollowedVideos } from './domain/ports.js';
import { Inject, Injectable } from '@nestjs/common';
import { STORAGE, type Storage } from '../../common/storage/storage.js';
import { AccountsFacade, type ChannelRef } from '../accounts/accounts.facade.js';
import { ChannelMediaQuery } from './application/channel-media.query.js';
import { HomeFeedQuery } from './application/home-feed.query.js';
import { ENGAGEMENT, MEDIA_REPOSITORY, type Engagement, type MediaRepository } from './domain/ports.js';
import { MediaService } from './application/media.service.js';
import { MusicTracks } from './application/music.use-cases.js';
import { PodcastEpisodes } from './application/podcast.use-cases.js';
import { MEDIA_VIEWS, type MediaViews, type VideoView } from './application/media-views.port.js';
import { PublishMediaUseCase, type ReceivedMedia } from './application/publish-media.use-case.js';
import { PublishLocalFileUseCase } from './application/publish-local-file.use-case.js';
import type { MediaKind, MediaStatus } from './domain/media.js';
import type { Request } from 'express';
import { CREATOR_STATS, type CreatorStats, type CreatorStatsReader, type PlatformContent } from './domain/creator-stats.port.js';
import type { VideoMeta } from './domain/media-rules.js';
import { ModerationRemovalUseCases } from './application/moderation-removal.use-cases.js';
import { ReportTargetsQuery, type CommentReportTarget, type MediaPlayback, type MediaReportTarget } from './application/report-targets.query.js';
import { StartGameSessionUseCase } from './application/start-game-session.use-case.js';
import { SubmitGameScoreUseCase } from './application/submit-game-score.use-case.js';
import { RateGameUseCase } from './application/rate-game.use-case.js';

import { CreateTournamentUseCase } from './application/create-tournament.use-case.js';
import { JoinTournamentUseCase } from './application/join-tournament.use-case.js';
import { StartTournamentUseCase } from './application/start-tournament.use-case.js';
import { ReportTournamentMatchUseCase } from './application/report-tournament-match.use-case.js';
import { GetTournamentQuery } from './application/get-tournament.query.js';
import { TournamentDirectoryQuery, type TournamentCard, type TournamentChampion, type TournamentDocument } from './application/tournament-directory.query.js';
import type { TournamentDetailView } from './application/tournament-views.js';
import type { CreateTournamentInput } from './domain/tournament.js';

/** The video shape other contexts answer with (the chunked upload's completion; its OpenAPI class is CatalogModule's VideoResponseDto). */
export type { VideoView } from './application/media-views.port.js';
export type { CreatorStats, PlatformContent } from './domain/creator-stats.port.js';
export type { CommentReportTarget, MediaPlayback, MediaReportTarget } from './application/report-targets.query.js';
export type { TournamentCard, TournamentChampion, TournamentDocument } from './application/tournament-directory.query.js';
export type { TournamentDetailView } from './application/tournament-views.js';
export type { CreateTournamentInput } from './domain/tournament.js';

/** What other contexts may ask of the catalog (the chunked upload hands its assembled file over here). */
@Injectable()
export class CatalogFacade {
  constructor(
    private readonly publish: PublishMediaUseCase,
    @Inject(MEDIA_VIEWS) private readonly presenter: MediaViews,
    private readonly accounts: AccountsFacade,
    @Inject(MEDIA_REPOSITORY) private readonly media: MediaRepository,
    @Inject(CREATOR_STATS) private readonly creatorStats: CreatorStatsReader,
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly audience: CommentAudience,
    private readonly comments: CommentsUseCases,
    private readonly channelMedia: ChannelMediaQuery,
    private readonly publishLocal: PublishLocalFileUseCase,
    private readonly service: MediaService,
    @Inject(ENGAGEMENT) private readonly engagement: Engagement,
    private readonly ratings: MovieRatingsUseCases,
    private readonly home: HomeFeedQuery,
    private readonly musicTracks: MusicTracks,
    private readonly podcastEpisodes: PodcastEpisodes,
    private readonly moderation: ModerationRemovalUseCases,
    private readonly reportTargets: ReportTargetsQuery,
    private readonly startGame: StartGameSessionUseCase,
    private readonly submitGameScore: SubmitGameScoreUseCase,
    private readonly rateGameUseCase: RateGameUseCase,
    private readonly tournamentDirectory: TournamentDirectoryQuery,
    private readonly createTournamentUseCase: CreateTournamentUseCase,
    private readonly joinTournamentUseCase: JoinTournamentUseCase,
    private readonly startTournamentUseCase: StartTournamentUseCase,
    private readonly reportTournamentMatchUseCase: ReportTournamentMatchUseCase,
    private readonly getTournament: GetTournamentQuery,
  ) {}

  /** Users by completed tournaments won (then total winnings): winnings are the sum of those tournaments' declared prize pools. */
  tournamentChampions(limit: number): Promise<TournamentChampion[]> {
    return this.tournamentDirectory.champions(limit);
  }

  /** A tournament as the search index holds it (any status); null when it does not exist. */
  tournamentDocument(id: string): Promise<TournamentDocument | null> {
    return this.tournamentDirectory.document(id);
  }

  /** Tournament cards for search results, in the order asked (unknown ids left out; tournaments are public). */
  tournamentCards(ids: string[], _viewerId: string | null): Promise<TournamentCard[]> {
    return this.tournamentDirectory.cards(ids);
  }

  /** Every tournament id (the search index's rebuild). */
  tournamentIds(): Promise<string[]> {
    return this.tournamentDirectory.ids();
  }

  /** Organizes a tournament as the user, with every rule of the create route (amounts in units: 50 is 50.00). */
  createTournament(userId: string, input: CreateTournamentInput): Promise<TournamentDetailView> {
    return this.createTournamentUseCase.execute(userId, input);
  }

  async joinTournament(userId: string, tournamentId: string): Promise<void> {
    await this.joinTournamentUseCase.execute(userId, tournamentId);
  }

  /** The organizer starts it (the bracket is drawn). */
  startTournament(userId: string, tournamentId: string): Promise<TournamentDetailView> {
    return this.startTournamentUseCase.execute(userId, tournamentId);
  }

  /** A match's result as the user reports it (the organizer decides it). */
  reportTournamentMatch(userId: string, tournamentId: string, matchId: string, winnerId: string): Promise<TournamentDetailView> {
    return this.reportTournamentMatchUseCase.execute(userId, tournamentId, matchId, { winnerId, score1: null, score2: null });
  }

  /** What a tournament's participants are told of it (notifications): null when it is gone. */
  async tournamentNews(tournamentId: string): Promise<{ name: string; status: string; participantIds: string[]; championId: string | null; championName: string | null; cancelReason: string | null } | null> {
    const t = await this.getTournament.execute(tournamentId, null).catch((e: unknown) => {
      if (e instanceof DomainError && e.kind === 'not_found') return null;
      throw e;
    });
    if (!t) return null;
    return { name: t.name, status: t.status, participantIds: t.participants.map((p) => p.userId), championId: t.championId, championName: t.championName, cancelReason: t.cancelReason };
  }

  tournamentDetail(tournamentId: string, viewerId: string | null): Promise<TournamentDetailView> {
    return this.getTournament.execute(tournamentId, viewerId);
  }

  /** Demo data: a real play of a game ending at playedAt (started 30 s before), its score sent through the same rules. */
  async recordDemoGamePlay(userId: string, gameId: string, score: number, playedAt: Date): Promise<void> {
    const { session, durationSeconds } = await this.startGame.execute(userId, gameId, new Date(playedAt.getTime() - 30_000));
    await this.submitGameScore.execute(userId, gameId, session.id, score, new Date(Math.max(playedAt.getTime(), session.startedAt.getTime() + durationSeconds * 1000)));
  }

  /** Rates a game 1 to 5 as the user (who must have finished a session of it). */
  async rateGame(userId: string, gameId: string, rating: number): Promise<void> {
    await this.rateGameUseCase.execute(userId, gameId, rating);
  }

  /** A video, reel or movie as a report names it; null unless it exists, is of that kind and the viewer may reach it. */
  mediaReportTarget(kind: MediaKind, mediaId: string, viewerUserId: string): Promise<MediaReportTarget | null> {
    return this.reportTargets.mediaTarget(kind, mediaId, viewerUserId);
  }

  /** A comment as a report names it; null unless it exists and the viewer may reach its item. */
  commentReportTarget(commentId: string, viewerUserId: string): Promise<CommentReportTarget | null> {
    return this.reportTargets.commentTarget(commentId, viewerUserId);
  }

  /** Moderation removes an item (idempotent): hidden from everyone, dropped from the index; with purgeFiles its files go by a job. */
  removeMediaByModeration(mediaId: string, opts: { purgeFiles: boolean }): Promise<void> {
    return this.moderation.removeMedia(mediaId, { purgeFiles: opts.purgeFiles });
  }

  /** The files of a removed item go for good, by a job (idempotent; nothing for an item that is not removed). */
  purgeRemovedMedia(mediaId: string): Promise<void> {
    return this.moderation.purgeRemoved(mediaId);
  }

  /** A removed item back to ready and indexed again while its files are there; false when they are not (idempotent). */
  restoreMediaByModeration(mediaId: string): Promise<boolean> {
    return this.moderation.restoreMedia(mediaId);
  }

  /** Moderation deletes a comment (with its replies), counters kept right (idempotent). */
  removeCommentByModeration(commentId: string): Promise<void> {
    return this.moderation.removeComment(commentId);
  }

  /** The item's current playback for the moderation queue's preview; null when it no longer exists. */
  mediaPlayback(mediaId: string): Promise<MediaPlayback | null> {
    return this.reportTargets.playback(mediaId);
  }

  /** The same for many items at once (one query): the queue's page of cases. */
  mediaPlaybacks(mediaIds: string[]): Promise<Map<string, MediaPlayback>> {
    return this.reportTargets.playbacks(mediaIds);
  }

  /**
   * Publishes a video file made on this server (the demo) as the user's active account, as a one-request upload of
   * that kind is (the form's rules, the intake's checks, the processing job). The caller keeps its file.
   */
  publishLocalFile(userId: string, kind: MediaKind, fields: Record<string, unknown>, path: string): Promise<string> {
    return this.publishLocal.execute(userId, kind, fields, path);
  }

  /** What an account published, in every state (its owner's view). */
  async mediaOfAccount(accountId: string): Promise<{ id: string; kind: MediaKind; title: string; status: MediaStatus }[]> {
    return (await this.media.listOfAccount(accountId)).map((m) => ({ id: m.id, kind: m.kind, title: m.title, status: m.status }));
  }

  /** A signed-in user likes an item they may reach (a like already there stays). */
  async like(kind: MediaKind, mediaId: string, userId: string): Promise<void> {
    if ((await this.engagement.likedBy([mediaId], userId)).has(mediaId)) return;
    await this.service.like(kind, mediaId, userId);
  }

  /** A signed-in user subscribes to a podcast show name, with every rule of the subscribe route (a subscription already there stays). */
  async subscribeToShow(userId: string, showName: string): Promise<void> {
    if (await this.podcastEpisodes.subscribedTo(userId, showName)) return;
    await this.podcastEpisodes.subscribe(userId, showName);
  }

  /** A signed-in user's view, counted as the view route counts it (once per viewer per 30 minutes). */
  async view(kind: MediaKind, mediaId: string, userId: string): Promise<void> {
    await this.service.view(kind, mediaId, { user: { userId } } as Request & { user: { userId: string } });
  }

  /** A signed-in user's watch-time heartbeat (1 to 60 seconds) and where playback is, with every rule of the route. */
  async watch(kind: MediaKind, mediaId: string, userId: string, seconds: number, positionSeconds: number): Promise<void> {
    await this.service.heartbeat(kind, mediaId, userId, seconds, positionSeconds);
  }

  /** A signed-in user's rating of a movie (1 to 5 stars), with every rule of the rating route. */
  async rateMovie(movieId: string, userId: string, stars: number): Promise<void> {
    await this.ratings.rate(movieId, userId, stars);
  }

  /** A comment (or with parentId a reply) by a signed-in user, with every rule of the comments route; returns its id. */
  async postComment(kind: MediaKind, mediaId: string, userId: string, content: string, parentId?: string | null): Promise<string> {
    return (await this.comments.post(kind, mediaId, userId, content, parentId)).comment.id;
  }

  /** What a channel's page counts of its videos and reels, as the viewer may see them (the accounts context asks). */
  channelCounts(channel: ChannelRef, viewerUserId: string | null): Promise<{ videos: number; reels: number; totalViews: number }> {
    return this.channelMedia.counts(channel, viewerUserId);
  }

  /** Whether a comment still exists (a notification about a deleted one is not sent). */
  commentExists(commentId: string): Promise<boolean> {
    return this.comments.exists(commentId);
  }

  /** The social context tells the catalog who follows whom (channels may take comments from followers only). */
  useFollowChecker(checker: FollowChecker): void {
    this.audience.useFollowChecker(checker);
  }

  /** The social context answers Home's Following section (registered at start-up). */
  useFollowedVideos(followed: FollowedVideos): void {
    this.home.useFollowedVideos(followed);
  }

  /** A creator's catalogue figures; watch time counts from `watchSince`. */
  stats(userId: string, watchSince: Date): Promise<CreatorStats> {
    return this.creatorStats.stats(userId, watchSince);
  }

  /** The platform's catalogue in figures (the founder's analytics): items per kind, views, likes, comments, uploads per month. */
  platformContent(since: Date): Promise<PlatformContent> {
    return this.creatorStats.platformContent(since);
  }

  premiumWatchByCreator(periods: { userId: string; startsAt: Date; endsAt: Date }[], from: Date, to: Date): Promise<Map<string, number>> {
    return this.creatorStats.premiumWatchByCreator(periods, from, to);
  }

  monetizedViews(creatorIds: string[], afterId: string | null, limit: number): Promise<{ mediaId: string; userId: string; views: number }[]> {
    return this.creatorStats.monetizedViews(creatorIds, afterId, limit);
  }

  addAdRevenue(mediaId: string, cents: number): Promise<void> {
    return this.creatorStats.addAdRevenue(mediaId, cents);
  }

  /** What the search index and feeds hold of an item: null when others cannot find it (absent, not ready, a movie, a music track). */
  async indexEntry(mediaId: string): Promise<CatalogIndexEntry | null> {
    const m = await this.media.find(mediaId);
    if (!m || m.status !== 'ready' || (m.kind !== 'video' && m.kind !== 'reel')) return null;
    return { id: m.id, kind: m.kind as 'video' | 'reel', userId: m.userId, accountId: m.accountId, title: m.title, body: [m.description ?? '', ...m.tags].join(' ').trim(), popularity: Number(m.views), publishedAt: m.createdAt };
  }

  /** A music track as search's index holds it (found by title, artist and album); null unless it is a ready track. */
  async musicIndexEntry(mediaId: string): Promise<MusicIndexEntry | null> {
    const m = await this.media.find(mediaId);
    if (!m || m.kind !== 'track' || m.status !== 'ready') return null;
    const [v] = await this.musicTracks.withDetails([m]);
    if (!v) return null;
    return { id: m.id, userId: m.userId, accountId: m.accountId, title: m.title, body: [v.details.artist, v.details.album ?? ''].join('\n').trim(), popularity: Number(m.views), publishedAt: m.createdAt };
  }

  /** A podcast episode as search's index holds it (found by title, show name and description); null unless ready. */
  async podcastIndexEntry(mediaId: string): Promise<PodcastIndexEntry | null> {
    const m = await this.media.find(mediaId);
    if (!m || m.kind !== 'episode' || m.status !== 'ready') return null;
    const [v] = await this.podcastEpisodes.withDetails([m]);
    if (!v) return null;
    return { id: m.id, userId: m.userId, accountId: m.accountId, title: m.title, body: [v.details.showName, m.description ?? ''].join('\n').trim(), popularity: Number(m.views), publishedAt: m.createdAt };
  }

  /** Podcast cards for feeds and search results, in the order asked; episodes others may not see are left out. */
  async podcastCards(ids: string[], viewer: string | null): Promise<PodcastCard[]> {
    const items = await this.podcastEpisodes.withDetails((await this.media.findMany(ids)).filter((m) => m.kind === 'episode' && m.status === 'ready' && m.visibility === 'public'));
    const owners = await this.accounts.summaries(items.map((v) => v.media.accountId));
    const byId = new Map(items.map((v) => [v.media.id, v]));
    return ids.flatMap((id) => {
      const v = byId.get(id);
      if (!v) return [];
      const m = v.media;
      return [{
        id: m.id,
        title: m.title,
        description: m.description ?? '',
        showName: v.details.showName,
        userId: m.userId,
        username: owners.get(m.accountId)?.displayName ?? 'Deleted account',
        plays: Number(m.views),
        likes: m.likes,
        coverUrl: this.presenter.thumbnailUrl(m, viewer),
        durationSeconds: m.durationSeconds,
        createdAt: m.createdAt,
      }];
    });
  }

  /** Music cards for feeds and search results, in the order asked; tracks others may not see are left out. */
  async musicCards(ids: string[], viewer: string | null): Promise<MusicCard[]> {
    const items = await this.musicTracks.withDetails((await this.media.findMany(ids)).filter((m) => m.kind === 'track' && m.status === 'ready' && m.visibility === 'public'));
    const owners = await this.accounts.summaries(items.map((v) => v.media.accountId));
    const byId = new Map(items.map((v) => [v.media.id, v]));
    return ids.flatMap((id) => {
      const v = byId.get(id);
      if (!v) return [];
      const m = v.media;
      return [{
        id: m.id,
        title: m.title,
        artist: v.details.artist,
        album: v.details.album,
        contentType: v.details.contentType,
        userId: m.userId,
        username: owners.get(m.accountId)?.displayName ?? 'Deleted account',
        plays: Number(m.views),
        likes: m.likes,
        coverUrl: this.presenter.thumbnailUrl(m, viewer),
        durationSeconds: m.durationSeconds,
        createdAt: m.createdAt,
      }];
    });
  }

  /** Cards for feeds and search results, in the order asked; items the viewer may not see are left out. */
  async cards(ids: string[], viewer: string | null): Promise<ContentCard[]> {
    const items = (await this.media.findMany(ids)).filter((m) => (m.kind === 'video' || m.kind === 'reel') && m.status === 'ready' && m.visibility === 'public');
    const owners = await this.accounts.summaries(items.map((m) => m.accountId));
    const byId = new Map(items.map((m) => [m.id, m]));
    return ids.flatMap((id) => {
      const m = byId.get(id);
      if (!m) return [];
      const owner = owners.get(m.accountId);
      return [{
        id: m.id,
        kind: m.kind as 'video' | 'reel',
        title: m.title,
        description: m.description ?? '',
        userId: m.userId,
        username: owner?.displayName ?? 'Deleted account',
        views: Number(m.views),
        likes: m.likes,
        thumbnailUrl: this.presenter.thumbnailUrl(m, viewer),
        isVertical: m.isVertical || m.kind === 'reel',
        durationSeconds: m.durationSeconds,
        createdAt: m.createdAt,
      }];
    });
  }

  /**
   * Publishes an assembled upload as a video. The file is linked, not moved: it stays the caller's until the caller's
   * transaction commits (then the caller removes it). The stored original is named after `uploadId`, so a retry after
   * a failure or a crash replaces it, and discardUnpublished() removes it when the upload is abandoned.
   */
  async publishVideo(userId: string, meta: VideoMeta, file: { path: string; size: number; container: string }, uploadId: string): Promise<{ id: string; response: VideoView }> {
    const received: ReceivedMedia = { ...file, contentType: MediaService.contentTypeOf(file.container) };
    const m = await this.publish.execute(userId, { kind: 'video', meta }, received, { linkAs: uploadId });
    return { id: m.id, response: (await this.presenter.videos([m], userId))[0] };
  }

  /**
   * Removes what a publishVideo(…, uploadId) that never committed may have stored. Only for an upload that did not
   * complete: a committed publish completes its upload in the same transaction.
   */
  async discardUnpublished(uploadId: string, container: string | null): Promise<void> {
    if (container) await this.storage.delete(`originals/${uploadId}.${container}`);
  }

  async video(userId: string, mediaId: string): Promise<VideoView | null> {
    return this.presenter.videoById(mediaId, userId);
  }
}

export interface CatalogIndexEntry {
  id: string;
  kind: 'video' | 'reel';
  userId: string;
  accountId: string;
  title: string;
  body: string;
  popularity: number;
  publishedAt: Date;
}

export interface ContentCard {
  id: string;
  kind: 'video' | 'reel';
  title: string;
  description: string;
  userId: string;
  username: string;
  views: number;
  likes: number;
  thumbnailUrl: string | null;
  isVertical: boolean;
  durationSeconds: number | null;
  createdAt: Date;
}

export interface MusicIndexEntry {
  id: string;
  userId: string;
  accountId: string;
  title: string;
  /** The artist and album. */
  body: string;
  popularity: number;
  publishedAt: Date;
}

export interface PodcastIndexEntry {
  id: string;
  userId: string;
  accountId: string;
  title: string;
  /** The show name and the description. */
  body: string;
  popularity: number;
  publishedAt: Date;
}

export interface PodcastCard {
  id: string;
  title: string;
  description: string;
  showName: string;
  userId: string;
  username: string;
  plays: number;
  likes: number;
  coverUrl: string | null;
  durationSeconds: number | null;
  createdAt: Date;
}

export interface MusicCard {
  id: string;
  title: string;
  artist: string;
  album: string | null;
  contentType: 'audio' | 'video';
  userId: string;
  username: string;
  plays: number;
  likes: number;
  coverUrl: string | null;
  durationSeconds: number | null;
  createdAt: Date;
}
