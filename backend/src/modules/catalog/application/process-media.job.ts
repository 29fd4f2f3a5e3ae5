import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import { JobsService } from '../../../common/jobs/jobs.service.js';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { STORAGE, type Storage } from '../../../common/storage/storage.js';
import { hlsLadder, Media } from '../domain/media.js';
import { MEDIA_PROCESSOR, MEDIA_REPOSITORY, type MediaProcessor, type MediaRepository } from '../domain/ports.js';
import { PROCESS_JOB } from './publish-media.use-case.js';
import { computePeaks, MUSIC_REPOSITORY, type MusicRepository } from '../domain/music.js';
import { AUDIO_NEEDING_RENDITION } from '../../../common/storage/sniff.js';
import { PODCAST_REPOSITORY, type PodcastRepository } from '../domain/podcast.js';
import { CATALOG_UNIT_OF_WORK } from './tokens.js';

export const PROCESS_RETRIES = 3;
export const NOT_MEDIA_REASON = 'This file is not a playable video: no video stream could be read from it';
export const NOT_AUDIO_REASON = 'This file is not playable audio: no audio stream could be read from it';

/** The owner sees why processing failed, never the server's file paths (ffmpeg names its input and output files). */
export function ownerFacing(reason: string): string {
  return reason.replace(/(^|[\s'"(=])\/[^\s'"|),]+/g, '$1(file)');
}

/**
 * The processing job: probe (a file that is not media fails at once, with a reason the owner sees), a thumbnail,
 * and for videos and movies an HLS ladder up to the source height (at most 1080p); music tracks have their own steps
 * (processTrack). Retried with backoff by pg-boss; after the
 * last retry the item is marked failed. Idempotent: an item no longer processing is left alone.
 */
@Injectable()
export class ProcessMediaJob implements OnModuleInit {
  private readonly logger = new Logger('ProcessMedia');

  constructor(
    private readonly orm: MikroORM,
    private readonly jobs: JobsService,
    @Inject(MEDIA_REPOSITORY) private readonly media: MediaRepository,
    @Inject(MEDIA_PROCESSOR) private readonly processor: MediaProcessor,
    @Inject(STORAGE) private readonly storage: Storage,
    @Inject(CATALOG_UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly durable: DurableEvents,
    @Inject(MUSIC_REPOSITORY) private readonly music: MusicRepository,
    @Inject(PODCAST_REPOSITORY) private readonly podcasts: PodcastRepository,
  ) {}

  onModuleInit(): void {
    this.jobs.define<{ mediaId: string }>({
      name: PROCESS_JOB,
      handler: (data, meta) => this.run(data.mediaId, meta.retryCount),
      retryLimit: PROCESS_RETRIES,
      retryDelaySeconds: 30,
      concurrency: 1,
      // One run per item at a time, however often it is queued (publish, sweeper); a long transcode is not 'lost'.
      policy: 'exclusive',
      expireInSeconds: 6 * 3600,
    });
    this.durable.on('catalog.media-uploaded', async ({ mediaId }) => {
      await this.jobs.send(PROCESS_JOB, { mediaId }, { singletonKey: `process:${mediaId}` });
    });
  }

  async run(mediaId: string, retryCount = PROCESS_RETRIES): Promise<void> {
    await RequestContext.create(this.orm.em, async () => {
      const m = await this.media.find(mediaId);
      // Not there yet: queued by a transaction that has not committed (a chunked upload's completion). Retry.
      if (!m && retryCount < PROCESS_RETRIES) throw new Error(`media ${mediaId} is not visible yet`);
      if (!m || m.status !== 'processing') return;
      try {
        await this.process(m);
      } catch (e) {
        const reason = (e as Error).message;
        if (retryCount >= PROCESS_RETRIES) {
          this.logger.warn(`processing ${mediaId} failed for good: ${reason}`);
          m.markFailed(`Processing failed: ${ownerFacing(reason).slice(0, 300)}`);
          this.durable.record('catalog.media-changed', { mediaId: m.id });
          await this.uow.commit();
          return;
        }
        throw e;
      }
    });
  }

  private async process(m: Media): Promise<void> {
    const source = await this.storage.localFile(m.originalKey);
    const work = await mkdtemp(join(this.config.dataDir, 'tmp', 'process-'));
    // What this attempt stored: removed again if the attempt fails, so retries leave nothing behind.
    let thumbStored: string | null = null;
    let hlsStored = false;
    try {
      if (m.kind === 'track' || m.kind === 'episode') {
        const stored = { thumb: null as string | null, hls: false };
        try {
          await this.processTrack(m, source.path, work, stored);
        } catch (e) {
          thumbStored = stored.thumb;
          hlsStored = stored.hls;
          throw e;
        }
        return;
      }
      const probe = await this.processor.probe(source.path);
      if (!probe) {
        m.markFailed(NOT_MEDIA_REASON);
        await this.uow.commit();
        return;
      }
      m.markProbed(probe);
      await this.uow.commit(); // the sweeper sees progress
      const thumbFile = join(work, 'thumb.jpg');
      await this.processor.thumbnail(source.path, Math.min(1, probe.durationSeconds / 2), thumbFile);
      const thumbKey = `thumbs/${randomUUID()}.jpg`;
      await this.storage.adopt(thumbKey, thumbFile);
      thumbStored = thumbKey;
      let renditions: number[] = [];
      if (m.kind === 'video' || m.kind === 'movie') {
        // The ladder follows the short side, so a 1080x1920 phone clip gets 1080p (scaled by width), not 1920p.
        renditions = hlsLadder(Math.min(probe.width, probe.height));
        const hlsDir = join(work, 'hls');
        await this.processor.hls(source.path, renditions, probe.hasAudio, hlsDir, { width: probe.width, height: probe.height });
        await this.storage.deletePrefix(`hls/${m.id}/`);
        hlsStored = true;
        for (const h of renditions) {
          const dir = join(hlsDir, `${h}p`);
          for (const f of (await readdir(dir)).sort((a, b) => (a.endsWith('.m3u8') ? 1 : 0) - (b.endsWith('.m3u8') ? 1 : 0))) {
            await this.storage.adopt(`hls/${m.id}/${h}p/${f}`, join(dir, f));
          }
        }
        await this.storage.adopt(`hls/${m.id}/master.m3u8`, join(hlsDir, 'master.m3u8'));
      }
      const oldThumb = m.thumbnailKey;
      m.markReady(thumbKey, renditions);
      // In the same transaction: the search index and feeds follow, and followers hear of it once.
      this.durable.record('catalog.media-changed', { mediaId: m.id });
      if (m.visibility === 'public' && m.kind !== 'movie') this.durable.record('catalog.media-published', { mediaId: m.id, userId: m.userId, kind: m.kind, title: m.title });
      await this.uow.commit();
      thumbStored = null;
      hlsStored = false;
      if (oldThumb && oldThumb !== thumbKey) await this.storage.delete(oldThumb);
    } finally {
      if (thumbStored) await this.storage.delete(thumbStored);
      if (hlsStored) await this.storage.deletePrefix(`hls/${m.id}/`);
      await rm(work, { recursive: true, force: true });
      await source.release();
    }
  }

  /**
   * A music track: its audio probed (tags fill an album the form left empty), the cover art as its thumbnail, a web
   * rendition (AAC .m4a, stored as hls/<id>/audio.m4a so that it goes with the item's HLS tree) of lossless sources,
   * waveform peaks; a music video also gets the HLS ladder. Notes in `stored` what it stored, for the caller to remove
   * if the attempt fails. A file with no decodable audio (nor, for a music video, video) fails with a reason.
   */
  private async processTrack(m: Media, path: string, work: string, stored: { thumb: string | null; hls: boolean }): Promise<void> {
    // A podcast episode is processed as an audio track (no music_tracks row: audio only).
    const [details] = m.kind === 'episode' ? [] : [...(await this.music.details([m.id])).values()];
    const audio = await this.processor.probeAudio(path);
    const video = details?.contentType === 'video' ? await this.processor.probe(path) : null;
    if (!audio && !video) {
      m.markFailed(details?.contentType === 'video' ? NOT_MEDIA_REASON : NOT_AUDIO_REASON);
      await this.uow.commit();
      return;
    }
    if (details?.contentType === 'video' && !video) {
      m.markFailed(NOT_MEDIA_REASON);
      await this.uow.commit();
      return;
    }
    m.durationSeconds = Math.round((video?.durationSeconds ?? audio!.durationSeconds) * 100) / 100;
    m.width = video?.width ?? null;
    m.height = video?.height ?? null;
    let thumbKey: string | null = null;
    const thumbFile = join(work, 'thumb.jpg');
    let haveThumb = false;
    if (video) {
      await this.processor.thumbnail(path, Math.min(1, video.durationSeconds / 2), thumbFile);
      haveThumb = true;
    } else if (audio?.hasCover) {
      // The cover is optional: a picture ffmpeg cannot decode leaves the track without one, never failed.
      try {
        await this.processor.coverArt(path, thumbFile);
        haveThumb = true;
      } catch (e) {
        if (typeof (e as { exitCode?: unknown }).exitCode !== 'number') throw e;
        this.logger.warn(`no cover for ${m.id}: ${(e as Error).message}`);
      }
    }
    if (haveThumb) {
      thumbKey = `thumbs/${randomUUID()}.jpg`;
      await this.storage.adopt(thumbKey, thumbFile);
      stored.thumb = thumbKey;
    }
    let renditions: number[] = [];
    await this.storage.deletePrefix(`hls/${m.id}/`);
    if (video) {
      renditions = hlsLadder(Math.min(video.width, video.height));
      const hlsDir = join(work, 'hls');
      await this.processor.hls(path, renditions, video.hasAudio, hlsDir, { width: video.width, height: video.height });
      stored.hls = true;
      for (const h of renditions) {
        const dir = join(hlsDir, `${h}p`);
        for (const f of (await readdir(dir)).sort((a, b) => (a.endsWith('.m3u8') ? 1 : 0) - (b.endsWith('.m3u8') ? 1 : 0))) await this.storage.adopt(`hls/${m.id}/${h}p/${f}`, join(dir, f));
      }
      await this.storage.adopt(`hls/${m.id}/master.m3u8`, join(hlsDir, 'master.m3u8'));
    }
    let audioKey: string | null = null;
    const container = m.originalKey.split('.').pop() ?? '';
    if (audio && !video && AUDIO_NEEDING_RENDITION.includes(container)) {
      const out = join(work, 'audio.m4a');
      await this.processor.audioRendition(path, out);
      audioKey = `hls/${m.id}/audio.m4a`;
      await this.storage.adopt(audioKey, out);
      stored.hls = true;
    }
    const peaks = audio ? computePeaks(await this.processor.lowRateSamples(path)) : null;
    const album = details && !details.album && audio?.tags.album ? audio.tags.album.slice(0, 200) : undefined;
    await this.uow.inTransaction(async () => {
      if (m.kind === 'episode') await this.podcasts.saveProcessed(m.id, { peaks, audioKey, codec: audio?.codec ?? null });
      else await this.music.saveProcessed(m.id, { peaks, audioKey, codec: audio?.codec ?? null, album });
      m.markReady(thumbKey, renditions);
      this.durable.record('catalog.media-changed', { mediaId: m.id });
      // Followers hear of a new track or episode as of a new video (once: the notification's dedupe key).
      if (m.visibility === 'public') this.durable.record('catalog.media-published', { mediaId: m.id, userId: m.userId, kind: m.kind, title: m.title });
      await this.uow.commit();
    });
  }

  /** Re-queues items still processing whose job was lost (a server stopped between commit and queueing). */
  @Interval('media-process-sweeper', 5 * 60_000)
  async sweep(): Promise<void> {
    if (!this.jobs.running) return;
    await RequestContext.create(this.orm.em, async () => {
      const stuck = await this.orm.em.find(Media, { status: 'processing', updatedAt: { $lt: new Date(Date.now() - 10 * 60_000) } }, { limit: 50 });
      for (const m of stuck) await this.jobs.send(PROCESS_JOB, { mediaId: m.id }, { singletonKey: `process:${m.id}` });
    });
  }
}
