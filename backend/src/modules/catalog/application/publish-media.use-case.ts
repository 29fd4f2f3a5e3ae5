import { Inject, Injectable } from '@nestjs/common';
import { rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { STORAGE, type Storage } from '../../../common/storage/storage.js';
import { AccountsFacade } from '../../accounts/accounts.facade.js';
import { IdentityFacade } from '../../identity/identity.facade.js';
import { Media, type MediaKind } from '../domain/media.js';
import type { MovieMeta, VideoMeta } from '../domain/media-rules.js';
import { MonetizationNotAllowed, NoPublishingAccount } from '../domain/catalog.errors.js';
import { MEDIA_REPOSITORY, type MediaRepository } from '../domain/ports.js';
import { MUSIC_REPOSITORY, type MusicRepository, type TrackMeta } from '../domain/music.js';
import { PODCAST_REPOSITORY, type EpisodeMeta, type PodcastRepository } from '../domain/podcast.js';
import { CATALOG_UNIT_OF_WORK } from './tokens.js';

export const PROCESS_JOB = 'media.process';

export interface ReceivedMedia {
  path: string;
  size: number;
  /** Container by its bytes: mp4, mov, webm, mkv, avi. */
  container: string;
  contentType: string;
}

export type PublishInput =
  | { kind: 'video'; meta: VideoMeta }
  | { kind: 'reel'; meta: VideoMeta & { tags: string[] } }
  | { kind: 'movie'; meta: MovieMeta }
  | { kind: 'track'; meta: TrackMeta }
  | { kind: 'episode'; meta: EpisodeMeta };

/**
 * Publishes a received file as the user's active account (or, with asAccount, that one of theirs): the file moves (or, with linkAs, is linked) into storage
 * without a copy, the item is created `processing`, and (once committed) a durable job probes and transcodes it. Only creator-program members may monetize.
 */
@Injectable()
export class PublishMediaUseCase {
  constructor(
    @Inject(MEDIA_REPOSITORY) private readonly media: MediaRepository,
    @Inject(CATALOG_UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly accounts: AccountsFacade,
    private readonly identity: IdentityFacade,
    private readonly durable: DurableEvents,
    @Inject(MUSIC_REPOSITORY) private readonly music: MusicRepository,
    @Inject(PODCAST_REPOSITORY) private readonly podcasts: PodcastRepository,
  ) {}

  /**
   * `linkAs`: the caller's file stays where it is whatever happens: it is linked into storage, not moved, under this
   * id (the upload session's). So a chunked upload's assembled file survives a refusal, a failed commit or a crash
   * before the caller's own commit (the caller removes it once committed), and a retry replaces the same object
   * instead of leaving another behind.
   */
  async execute(userId: string, input: PublishInput, file: ReceivedMedia, opts: { linkAs?: string; asAccount?: string } = {}): Promise<Media> {
    let adopted = false;
    try {
      // asAccount: one of the user's own accounts (an edit's export goes where its original is), else the active one.
      const account = opts.asAccount ? await this.accounts.ownAccount(userId, opts.asAccount) : await this.accounts.publishingAccount(userId);
      if (!account) throw NoPublishingAccount();
      const monetize = input.kind !== 'movie' && input.meta.monetizationEnabled;
      if (monetize && !(await this.identity.isCreator(userId))) throw MonetizationNotAllowed();
      const m = new Media();
      m.kind = input.kind as MediaKind;
      m.userId = userId;
      m.accountId = account.accountId;
      m.visibility = account.visibility;
      m.title = input.meta.title;
      m.description = input.kind === 'track' ? null : input.meta.description;
      m.originalSize = file.size;
      m.contentType = file.contentType;
      m.originalKey = `originals/${opts.linkAs ?? randomUUID()}.${file.container}`;
      if (input.kind === 'video' || input.kind === 'reel' || input.kind === 'track' || input.kind === 'episode') {
        m.isVertical = (input.kind === 'video' || input.kind === 'reel') && input.meta.isVertical;
        m.monetizationEnabled = input.meta.monetizationEnabled;
      }
      if (input.kind === 'reel') m.tags = input.meta.tags;
      if (input.kind === 'movie') {
        Object.assign(m, {
          year: input.meta.year,
          durationMinutes: input.meta.durationMinutes,
          genres: input.meta.genres,
          ageRating: input.meta.ageRating,
          familySafe: input.meta.familySafe,
          isPremium: input.meta.isPremium,
          cast: input.meta.cast,
        });
      }
      if (opts.linkAs) await this.storage.link(m.originalKey, file.path);
      else await this.storage.adopt(m.originalKey, file.path);
      adopted = true;
      this.media.add(m);
      // Queued through the outbox, so the job exists exactly when the item does: a caller's outer transaction (a
      // chunked upload's completion) may commit well after this flush, and a job sent now would find nothing yet.
      this.durable.record('catalog.media-uploaded', { mediaId: m.id });
      try {
        if (input.kind === 'track') {
          // The media row and its music_tracks row in one transaction.
          const meta = input.meta;
          await this.uow.inTransaction(async () => {
            await this.uow.commit();
            await this.music.addTrack({ mediaId: m.id, artist: meta.artist, album: meta.album, genre: meta.genre, contentType: meta.contentType, peaks: null, audioKey: null, codec: null });
          });
        } else if (input.kind === 'episode') {
          // The media row, the creator's show (made on its first episode) and the podcast_episodes row in one transaction.
          const meta = input.meta;
          await this.uow.inTransaction(async () => {
            await this.uow.commit();
            const show = await this.podcasts.ensureShow(userId, meta.showName, meta.category);
            await this.podcasts.addEpisode({ mediaId: m.id, showId: show.id, episodeNumber: meta.episodeNumber, seasonNumber: meta.seasonNumber, category: meta.category });
          });
        } else await this.uow.commit();
      } catch (e) {
        await this.storage.delete(m.originalKey);
        throw e;
      }
      return m;
    } finally {
      if (!adopted && !opts.linkAs) await rm(file.path, { force: true });
    }
  }
}
