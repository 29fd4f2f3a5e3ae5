import { DomainError } from '../../../common/errors/domain-error.js';
import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Request, Response } from 'express';
import { clientAddress } from '../../../common/http/client-address.js';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { ValidationError } from '../../../common/errors/domain-error.js';
import { serveStored } from '../../../common/http/serve-file.js';
import type { IntakeLimits } from '../../../common/storage/intake.js';
import { AUDIO_CONTENT_TYPES, sniffAudio, sniffVideo, VIDEO_CONTENT_TYPES } from '../../../common/storage/sniff.js';
import { STORAGE, type Storage } from '../../../common/storage/storage.js';
import type { Media, MediaKind } from '../domain/media.js';
import { EmptyFile, FileTooLarge, MediaNotFound, NotAVideo, PremiumRequired } from '../domain/catalog.errors.js';
import { MEDIA_LIMITS, MEDIA_MESSAGES, wholeNumber } from '../domain/media-rules.js';
import { ENGAGEMENT, MEDIA_REPOSITORY, VIEWER_ENTITLEMENTS, type Engagement, type MediaRepository, type ViewerEntitlements } from '../domain/ports.js';
import { MediaAccess } from './media-access.js';
import { MUSIC_MESSAGES, NotAudio } from '../domain/music.js';
import { PODCAST_MESSAGES } from '../domain/podcast.js';

export function humanSize(bytes: number): string {
  const gb = bytes / 1024 ** 3;
  if (gb >= 1 && Number.isInteger(gb)) return `${gb}GB`;
  return `${Math.round(bytes / 1024 ** 2)}MB`;
}

export const REEL_MAX_BYTES = 268_435_456;
/** The names an HLS ladder's files may have: `<height>p/index.m3u8` and `<height>p/seg_NNNNN.ts`. */
const HLS_RENDITION_RE = /^\d{2,4}p$/;
const HLS_FILE_RE = /^(index\.m3u8|seg_\d{5}\.ts)$/;

/** What the three kinds share: intake limits, access to one item, streaming (the file and HLS), views, likes and watch time. */
@Injectable()
export class MediaService {
  constructor(
    @Inject(MEDIA_REPOSITORY) private readonly media: MediaRepository,
    @Inject(ENGAGEMENT) private readonly engagement: Engagement,
    @Inject(STORAGE) private readonly storage: Storage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly access: MediaAccess,
    @Inject(VIEWER_ENTITLEMENTS) private readonly entitlements: ViewerEntitlements,
  ) {}

  get tmpDir(): string {
    return join(this.config.dataDir, 'tmp');
  }

  limits(kind: MediaKind): IntakeLimits {
    if (kind === 'episode') {
      // Audio only; a video container is let through here and judged by its track kinds afterwards (sound only: audio).
      const max = this.config.uploads.maxVideoBytes;
      return {
        maxBytes: max,
        accept: (head) => {
          const video = sniffVideo(head);
          return sniffAudio(head) ?? (video && video !== 'avi' ? video : null);
        },
        tooLarge: () => FileTooLarge(`File size must be less than ${humanSize(max)}`),
        refused: () => NotAudio(PODCAST_MESSAGES.notAudio),
        empty: () => EmptyFile(),
      };
    }
    if (kind === 'track') {
      // Audio, or a video container for a music video (the form's content_type is checked against it afterwards).
      const max = this.config.uploads.maxVideoBytes;
      return {
        maxBytes: max,
        accept: (head) => sniffAudio(head) ?? sniffVideo(head),
        tooLarge: () => FileTooLarge(`File size must be less than ${humanSize(max)}`),
        refused: () => NotAudio(MUSIC_MESSAGES.notMedia),
        empty: () => EmptyFile(),
      };
    }
    const max = kind === 'reel' ? REEL_MAX_BYTES : kind === 'movie' ? this.config.uploads.maxMovieBytes : this.config.uploads.maxVideoBytes;
    const notVideo = kind === 'reel' ? 'Please select a valid video file' : kind === 'movie' ? 'Please select a movie file' : 'Please select a video file';
    return {
      maxBytes: max,
      accept: (head) => sniffVideo(head),
      tooLarge: () => FileTooLarge(kind === 'reel' ? 'File size must be less than 256MB' : `File size must be less than ${humanSize(max)}`),
      refused: () => NotAVideo(notVideo),
      empty: () => EmptyFile(),
    };
  }

  static contentTypeOf(container: string): string {
    return VIDEO_CONTENT_TYPES[container as keyof typeof VIDEO_CONTENT_TYPES] ?? AUDIO_CONTENT_TYPES[container as keyof typeof AUDIO_CONTENT_TYPES] ?? 'application/octet-stream';
  }

  /**
   * The viewer of a request for the media's bytes (stream, HLS): the bearer's user, or the user a `?t=` capability was
   * made for. Only these routes take `?t=` — a <video> cannot send a header — so a link never mints new links.
   */
  viewerOf(req: Request & { user?: { userId: string } | null }, mediaId: string): string | null {
    if (req.user?.userId) return req.user.userId;
    return this.access.verify(mediaId, (req.query as { t?: unknown })?.t);
  }

  /** The viewer of any other request (item reads, views): the bearer's user only. */
  static signedInViewer(req: Request & { user?: { userId: string } | null }): string | null {
    return req.user?.userId ?? null;
  }

  /** The item if viewer may reach it (a movie's page too: only its stream needs a signed-in viewer); otherwise a 404 that leaks nothing. */
  async reachable(kind: MediaKind, id: string, viewer: string | null): Promise<Media> {
    const m = await this.media.find(id);
    if (!m || m.kind !== kind || !m.isReachableBy(viewer)) throw MediaNotFound();
    return m;
  }

  /**
   * Players send many range requests per item: the item is read from the database at most every 3 seconds per
   * process (a visibility change reaches streams within that time).
   */
  private readonly streamCache = new Map<string, { media: Media; until: number }>();

  /** Drops cached items (visibility changed, account purged). */
  forgetCached(): void {
    this.streamCache.clear();
  }

  private async cachedItem(id: string): Promise<Media | null> {
    const hit = this.streamCache.get(id);
    if (hit && hit.until > Date.now()) return hit.media;
    const media = await this.media.find(id);
    if (media) {
      if (this.streamCache.size > 10_000) this.streamCache.clear();
      this.streamCache.set(id, { media, until: Date.now() + 3000 });
    }
    return media;
  }

  /**
   * The item whose bytes (stream, HLS playlists and segments) a request may read, with every rule they share: movies
   * are for signed-in viewers (401 to a visitor, whatever the id); the item must be reachable by the viewer (a bearer,
   * or a `?t=` capability: 404 otherwise, leaking nothing); a premium movie needs premium, its owner or an admin (403).
   * `fresh` reads the database; otherwise an item read in the last 3 seconds serves (players send many range requests).
   */
  async playable(kind: MediaKind, id: string, req: Request & { user?: { userId: string } | null }, fresh = false): Promise<{ media: Media; viewer: string | null }> {
    const viewer = this.viewerOf(req, id);
    if (kind === 'movie' && !viewer) throw new DomainError('unauthenticated', 'AUTH.REQUIRED', 'Please sign in to watch movies');
    const m = fresh ? await this.media.find(id) : await this.cachedItem(id);
    if (!m || m.kind !== kind || !m.isReachableBy(viewer)) throw MediaNotFound();
    await this.checkPremium(m, viewer);
    return { media: m, viewer };
  }

  /** A premium item is refused (403) to a viewer who is not premium, its owner or an administrator. */
  private async checkPremium(m: Media, viewer: string | null): Promise<void> {
    if (m.isPremium && viewer !== m.userId && !(viewer && (await this.entitlements.hasPremiumAccess(viewer)))) throw PremiumRequired();
  }

  /** Movies are never served as public: their bytes always need a signed-in viewer. */
  private static openToAll(m: Media): boolean {
    return m.kind !== 'movie' && m.status === 'ready' && m.visibility === 'public';
  }

  /** The byte length of a stored file (what a stream of it serves whole); null when it is missing. */
  async storedSize(key: string): Promise<number | null> {
    return (await this.storage.stat(key))?.size ?? null;
  }

  /** `rendition`: another stored file of the item to serve instead of its original (a track's web rendition). */
  async stream(kind: MediaKind, id: string, req: Request & { user?: { userId: string } | null }, reply: Response, rendition?: (m: Media) => Promise<{ key: string; contentType: string } | null>): Promise<void> {
    const { media: m } = await this.playable(kind, id, req);
    const open = MediaService.openToAll(m);
    const alt = rendition ? await rendition(m) : null;
    await serveStored(req, reply, this.storage, alt?.key ?? m.originalKey, {
      contentType: alt?.contentType ?? m.contentType,
      cacheControl: open ? 'public, max-age=300' : 'private, max-age=3600',
      offloadPrefix: this.config.mediaOffload.mode === 'x-accel' ? this.config.mediaOffload.prefix : undefined,
    });
  }

  /**
   * One file of a ready item's HLS ladder: `master.m3u8`, or `<rendition>/<file>` (a rendition playlist or segment),
   * with the same access rules as the stream. Playlists of items that need a capability pass the request's `?t=` on
   * to every URI they name (players resolve them relatively), so a player given the master URL reaches every segment.
   */
  async hls(kind: MediaKind, id: string, rendition: string | null, file: string, req: Request & { user?: { userId: string } | null }, reply: Response): Promise<void> {
    if (rendition === null ? file !== 'master.m3u8' : !HLS_RENDITION_RE.test(rendition) || !HLS_FILE_RE.test(file)) throw MediaNotFound();
    // Playlists are read afresh (a ladder that was just made, a visibility change); segments may use the short cache.
    const { media: m } = await this.playable(kind, id, req, file.endsWith('.m3u8'));
    if (m.status !== 'ready' || !m.hlsRenditions.length) throw MediaNotFound();
    const key = `hls/${m.id}/${rendition === null ? file : `${rendition}/${file}`}`;
    const open = MediaService.openToAll(m);
    if (file.endsWith('.m3u8')) {
      const chunks: Buffer[] = [];
      try {
        for await (const c of this.storage.read(key)) chunks.push(c as Buffer);
      } catch {
        throw MediaNotFound();
      }
      let text = Buffer.concat(chunks).toString('utf8');
      const token = (req.query as { t?: unknown }).t;
      if (typeof token === 'string' && token && !open) text = text.replace(/^(?!#)(\S+)$/gm, (uri) => `${uri}${uri.includes('?') ? '&' : '?'}t=${encodeURIComponent(token)}`);
      reply.setHeader('Content-Type', 'application/vnd.apple.mpegurl');
      reply.setHeader('Cache-Control', open ? 'public, max-age=60' : 'private, no-cache');
      reply.end(text);
      return;
    }
    await serveStored(req, reply, this.storage, key, { contentType: 'video/mp2t', cacheControl: open ? 'public, max-age=3600' : 'private, max-age=3600' });
  }

  /** One view per viewer (user, else address and browser) per item per 30 minutes. */
  async view(kind: MediaKind, id: string, req: Request & { user?: { userId: string } | null }) {
    const viewer = MediaService.signedInViewer(req);
    await this.reachable(kind, id, viewer);
    // Anonymous viewers by address only: a changed User-Agent is not another viewer.
    const key = viewer ? `u:${viewer}` : `a:${createHash('sha256').update(clientAddress(req)).digest('hex').slice(0, 40)}`;
    return this.engagement.countView(id, key);
  }

  async like(kind: MediaKind, id: string, userId: string) {
    await this.reachable(kind, id, userId);
    return this.engagement.toggleLike(id, userId);
  }

  /**
   * Seconds watched since the last heartbeat and, when given, where playback is. Both are checked before anything
   * is written; a position past the item's end is refused.
   */
  async heartbeat(kind: MediaKind, id: string, userId: string, seconds: unknown, position?: unknown): Promise<void> {
    const s = wholeNumber(seconds);
    if (!Number.isInteger(s) || s < 1 || s > 60) throw new ValidationError([{ field: 'seconds', message: MEDIA_MESSAGES.heartbeat }]);
    const at = position === undefined || position === null ? null : wholeNumber(position);
    const badPosition = () => new ValidationError([{ field: 'position', message: MEDIA_MESSAGES.position }]);
    if (at !== null && (!Number.isInteger(at) || at < 0 || at > MEDIA_LIMITS.maxPositionSeconds)) throw badPosition();
    const m = await this.reachable(kind, id, userId);
    // Watching a premium movie needs premium (as its stream does): no watch time nor resume point without it.
    if (kind === 'movie') await this.checkPremium(m, userId);
    if (at !== null && m.durationSeconds !== null && at > Math.ceil(m.durationSeconds) + 1) throw badPosition();
    if (at !== null) await this.engagement.saveProgress(id, userId, at);
    // The owner's own viewing does not count towards their watch hours.
    if (m.userId === userId) return;
    await this.engagement.addWatchTime(id, userId, s, Math.max(60, Math.ceil((m.durationSeconds ?? 20 * 60) * 3)));
  }
}
