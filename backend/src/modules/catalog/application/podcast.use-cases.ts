import { Inject, Injectable, Logger } from '@nestjs/common';
import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { ValidationError } from '../../../common/errors/domain-error.js';
import { clientAddress } from '../../../common/http/client-address.js';
import type { Media } from '../domain/media.js';
import { wholeNumber } from '../domain/media-rules.js';
import {
  CONTINUE_LISTENING,
  downloadThreshold,
  EpisodeNotFound,
  FINISHED_WITHIN_SECONDS,
  LISTENING_PROGRESS,
  type ListeningPosition,
  type ListeningProgress,
  normaliseShowName,
  PODCAST_MESSAGES,
  PODCAST_REPOSITORY,
  podcastAchievements,
  podcastLevel,
  PROBE_MAX_BYTES,
  ShowNotFound,
  type EpisodeDetails,
  type EpisodeFilter,
  type FeedEpisode,
  type PodcastFigures,
  type PodcastRepository,
  type ShowSummary,
} from '../domain/podcast.js';
import { ENGAGEMENT, MEDIA_REPOSITORY, type Engagement, type MediaRepository } from '../domain/ports.js';
import { MediaService } from './media.service.js';

export interface EpisodeView {
  media: Media;
  details: EpisodeDetails;
}

export interface PodcastAnalytics extends PodcastFigures {
  level: number;
  achievements: string[];
}

/** The days of plays the analytics answer (UTC dates, oldest first). */
export const ANALYTICS_DAYS = 90;

/** The bytes a single-range request asks for of a file of `size` (the whole file without a Range header; 0 if unreadable). */
export function requestedBytes(range: string | undefined, size: number): number {
  if (!range) return size;
  const m = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 0;
  if (m[1] === '') return Math.min(size, Number(m[2]));
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(size - 1, Number(m[2]));
  return start > end ? 0 : end - start + 1;
}

/** A feed lists at most this many episodes, newest first. */
const FEED_EPISODES = 1000;

/** How far past an episode's length (seconds) a reported position may be and still mean its end. */
const POSITION_SLACK_SECONDS = 60;

const hash = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 40);

/** Podcast episodes (media items of kind 'episode' with their podcast_episodes row) and shows. */
@Injectable()
export class PodcastEpisodes {
  constructor(
    @Inject(MEDIA_REPOSITORY) private readonly media: MediaRepository,
    @Inject(PODCAST_REPOSITORY) private readonly podcasts: PodcastRepository,
    @Inject(ENGAGEMENT) private readonly engagement: Engagement,
    @Inject(LISTENING_PROGRESS) private readonly progressStore: ListeningProgress,
    private readonly service: MediaService,
    private readonly orm: MikroORM,
  ) {}

  private readonly logger = new Logger('PodcastDownloads');

  /** Items with their details, in their order; those without a podcast_episodes row are left out. */
  async withDetails(items: Media[]): Promise<EpisodeView[]> {
    const details = await this.podcasts.details(items.map((m) => m.id));
    return items.flatMap((media) => {
      const d = details.get(media.id);
      return d ? [{ media, details: d }] : [];
    });
  }

  /** Items with their details, in the order of ids (those the viewer may list). */
  private async views(ids: string[], viewer: string | null): Promise<EpisodeView[]> {
    const byId = new Map((await this.media.findMany(ids)).filter((m) => m.kind === 'episode' && m.isListedFor(viewer)).map((m) => [m.id, m]));
    const details = await this.podcasts.details([...byId.keys()]);
    return ids.flatMap((id) => {
      const m = byId.get(id);
      const d = details.get(id);
      return m && d ? [{ media: m, details: d }] : [];
    });
  }

  /** Ready public episodes and the viewer's own, newest first. */
  async list(viewer: string | null, filter: EpisodeFilter, limit: number): Promise<EpisodeView[]> {
    return this.views(await this.podcasts.list(viewer, filter, limit), viewer);
  }

  /** Most played in the last 7 days, then all-time plays. */
  async trending(limit: number): Promise<EpisodeView[]> {
    return this.views(await this.podcasts.trending(limit), null);
  }

  categories() {
    return this.podcasts.categories();
  }

  shows(viewer: string | null): Promise<ShowSummary[]> {
    return this.podcasts.shows(viewer);
  }

  /** A show the viewer may see (it has an episode they may list), with those episodes newest first; 404 otherwise. */
  async show(id: string, viewer: string | null): Promise<{ show: ShowSummary; episodes: EpisodeView[] }> {
    const [show] = await this.podcasts.shows(viewer, { ids: [id] });
    if (!show) throw ShowNotFound();
    return { show, episodes: await this.list(viewer, { category: null, showId: show.id }, 500) };
  }

  /** The public feed's show: its ready public episodes, newest first (none: 404), read lean (no entities). */
  async feed(id: string): Promise<{ show: ShowSummary; episodes: FeedEpisode[] }> {
    const show = await this.feedShow(id);
    return { show, episodes: await this.podcasts.feedEpisodes(show.id, FEED_EPISODES) };
  }

  /** The public feed's show (404 as feed()), and what its feed depends on: equal fingerprints, the same episodes. */
  async feedShow(id: string): Promise<ShowSummary> {
    const [show] = await this.podcasts.shows(null, { ids: [id] });
    if (!show) throw ShowNotFound();
    return show;
  }

  feedFingerprint(show: ShowSummary): Promise<string> {
    return this.podcasts.feedFingerprint(show.id);
  }

  feedEpisodes(show: ShowSummary): Promise<FeedEpisode[]> {
    return this.podcasts.feedEpisodes(show.id, FEED_EPISODES);
  }

  async get(id: string, viewer: string | null): Promise<EpisodeView> {
    const m = await this.service.reachable('episode', id, viewer).catch(() => {
      throw EpisodeNotFound();
    });
    const d = (await this.podcasts.details([m.id])).get(m.id);
    if (!d) throw EpisodeNotFound();
    return { media: m, details: d };
  }

  async like(id: string, userId: string): Promise<{ liked: boolean; likes: number }> {
    await this.get(id, userId);
    return this.engagement.toggleLike(id, userId);
  }

  /**
   * Subscribes to a show name (any creator's show of that name the caller may see), or unsubscribes (always possible,
   * even once the show is gone); a name the caller cannot see is 404, as if it did not exist.
   */
  async subscribe(userId: string, showName: string): Promise<{ message: string; subscribed: boolean }> {
    const shown = showName.trim().replace(/\s+/g, ' ');
    const name = normaliseShowName(shown);
    if (!name) throw ShowNotFound();
    if (!(await this.podcasts.isSubscribed(userId, name)) && !(await this.podcasts.showNameVisible(name, userId))) throw ShowNotFound();
    const subscribed = await this.podcasts.toggleSubscription(userId, name);
    return { message: subscribed ? PODCAST_MESSAGES.subscribed(shown) : PODCAST_MESSAGES.unsubscribed(shown), subscribed };
  }

  /** The caller's subscriptions (normalised names) with the shows of those names they may see. */
  async subscriptions(userId: string): Promise<{ names: string[]; shows: ShowSummary[] }> {
    const names = await this.podcasts.subscriptions(userId);
    return { names, shows: await this.podcasts.shows(userId, { names }) };
  }

  async subscribedTo(userId: string | null, showName: string): Promise<boolean> {
    if (!userId) return false;
    return (await this.podcasts.subscriptions(userId)).includes(normaliseShowName(showName));
  }

  async analytics(userId: string): Promise<PodcastAnalytics & { shows: ShowSummary[] }> {
    const f = await this.podcasts.figures(userId, ANALYTICS_DAYS);
    return {
      ...f,
      level: podcastLevel(f.totalPlays),
      achievements: podcastAchievements({ episodes: f.totalEpisodes, plays: f.totalPlays, likes: f.totalLikes, subscribers: f.totalSubscribers }),
      shows: await this.podcasts.shows(userId, { userId }),
    };
  }

  /** As music plays: a play after 30 s of listening, once per play-through of the episode (see countListening). */
  async play(id: string, req: Request & { user?: { userId: string } | null }, seconds: unknown): Promise<{ plays: number; counted: boolean }> {
    const s = wholeNumber(seconds);
    if (!Number.isInteger(s) || s < 1 || s > 60) throw new ValidationError([{ field: 'seconds_listened', message: PODCAST_MESSAGES.secondsListened }]);
    const viewer = MediaService.signedInViewer(req);
    const { media: m } = await this.get(id, viewer);
    const key = viewer ? `u:${viewer}` : `a:${hash(clientAddress(req))}`;
    const result = await this.podcasts.listen(m.id, key, s, Math.ceil(m.durationSeconds ?? 0));
    if (viewer && viewer !== m.userId && m.monetizationEnabled) {
      await this.engagement.addWatchTime(m.id, viewer, s, Math.max(60, Math.ceil((m.durationSeconds ?? 20 * 60) * 3)));
    }
    return result;
  }

  /** Where the caller is in an episode they may hear (position 0 when they have never played it). */
  async progress(id: string, userId: string): Promise<{ episodeId: string; position: ListeningPosition | null }> {
    const { media: m } = await this.get(id, userId);
    return { episodeId: m.id, position: await this.progressStore.get(userId, m.id) };
  }

  /**
   * Saves where the caller is (a whole number of seconds, from 0 to the episode's length); within
   * FINISHED_WITHIN_SECONDS of the end the episode is heard to the end and its resume point goes back to 0.
   */
  async saveProgress(id: string, userId: string, position: unknown): Promise<{ episodeId: string; position: ListeningPosition }> {
    const at = wholeNumber(position);
    const bad = () => new ValidationError([{ field: 'position_seconds', message: PODCAST_MESSAGES.position }]);
    if (!Number.isInteger(at) || at < 0) throw bad();
    const { media: m } = await this.get(id, userId);
    const length = m.durationSeconds === null ? null : Math.ceil(m.durationSeconds);
    // A player's idea of the length may run past ffprobe's (a VBR MP3 without an index): up to a minute past the
    // end is the end; further is refused.
    if (length !== null ? at > length + POSITION_SLACK_SECONDS : at > 24 * 3600) throw bad();
    const place = length === null ? at : Math.min(at, length);
    const finished = length !== null && length > FINISHED_WITHIN_SECONDS && place >= length - FINISHED_WITHIN_SECONDS;
    return { episodeId: m.id, position: await this.progressStore.save(userId, m.id, place, finished) };
  }

  /** "Continue listening": episodes the caller stopped part-way through that they may still hear, most recent first. */
  async continueListening(userId: string): Promise<{ view: EpisodeView; position: ListeningPosition }[]> {
    const positions = await this.progressStore.inProgress(userId, CONTINUE_LISTENING.limit);
    const views = new Map((await this.views(positions.map((p) => p.mediaId), userId)).map((v) => [v.media.id, v]));
    return positions.flatMap((position) => {
      const view = views.get(position.mediaId);
      return view ? [{ view, position }] : [];
    });
  }

  /** The stored file a player and the feed's enclosure get: the AAC rendition of a lossless source, else the original. */
  async rendition(m: Media): Promise<{ key: string; contentType: string } | null> {
    const d = (await this.podcasts.details([m.id])).get(m.id);
    return d?.audioKey ? { key: d.audioKey, contentType: 'audio/mp4' } : null;
  }

  downloads(ids: string[]) {
    return this.podcasts.downloads(ids);
  }

  /**
   * Serves the audio with ranges, and counts IAB 2.1 downloads from the body bytes handed to the connection (summed as
   * they are written, so a transfer cut off counts what it sent; behind nginx's X-Accel-Redirect, what was asked for).
   */
  async stream(id: string, req: Request & { user?: { userId: string } | null }, reply: Response): Promise<void> {
    let served: { media: Media; size: number | null } | null = null;
    let sent = 0;
    const tally = (chunk: unknown) => {
      if (typeof chunk === 'string') sent += Buffer.byteLength(chunk);
      else if (chunk instanceof Uint8Array) sent += chunk.byteLength;
    };
    const write = reply.write.bind(reply) as (...args: unknown[]) => boolean;
    const end = reply.end.bind(reply) as (...args: unknown[]) => Response;
    reply.write = ((chunk: unknown, ...rest: unknown[]) => {
      tally(chunk);
      return write(chunk, ...rest);
    }) as Response['write'];
    reply.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (typeof chunk !== 'function') tally(chunk);
      return end(chunk, ...rest);
    }) as Response['end'];
    await this.service.stream('episode', id, req, reply, async (m) => {
      const alt = await this.rendition(m);
      served = { media: m, size: await this.service.storedSize(alt?.key ?? m.originalKey) };
      return alt;
    });
    if (req.method !== 'GET' || !served) return;
    const { media: m, size } = served as { media: Media; size: number | null };
    if (!size) return;
    const ua = String(req.headers['user-agent'] ?? '');
    const key = hash(`${clientAddress(req)}\n${ua}`);
    const count = async () => {
      if (reply.statusCode !== 200 && reply.statusCode !== 206) return;
      const bytes = reply.getHeader('x-accel-redirect') ? requestedBytes(req.headers.range, size) : sent;
      if (!(bytes > PROBE_MAX_BYTES)) return;
      await this.podcasts.delivered(m.id, key, bytes, downloadThreshold(size, m.durationSeconds));
    };
    // Counted in a context of its own (the response may end after the request's handler and its context are done),
    // once: when the response has already ended or closed, at once; else when it finishes or closes, whichever is first.
    const counted = () => RequestContext.create(this.orm.em, count).catch((e: Error) => this.logger.warn(`download of ${m.id}: ${e.message}`));
    if (reply.writableFinished || reply.closed) await counted();
    else {
      let once = false;
      const done = () => {
        if (once) return;
        once = true;
        void counted();
      };
      reply.once('finish', done);
      reply.once('close', done);
    }
  }

}
