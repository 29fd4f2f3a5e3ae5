import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { isUuid } from '../../../common/keyset.js';
import { countListening } from './play-marks.js';
import { DOWNLOAD_WINDOW_HOURS, type EpisodeDetails, type EpisodeFilter, type FeedEpisode, type PodcastCategory, type PodcastFigures, type PodcastRepository, type PodcastShow, type ShowSummary } from '../domain/podcast.js';

interface ShowRow {
  id: string;
  user_id: string;
  show_name: string;
  category: PodcastCategory;
  created_at: Date;
}

const toShow = (r: ShowRow): PodcastShow => ({ id: r.id, userId: r.user_id, showName: r.show_name, category: r.category, createdAt: new Date(r.created_at) });

/** An episode a viewer may list: ready and public, or their own (any state but removed). `?` is the viewer (or null). */
const LISTED = `((m.status = 'ready' and m.visibility = 'public') or (m.user_id = ?::uuid and m.status <> 'removed'))`;
const PUBLIC = `(m.status = 'ready' and m.visibility = 'public')`;

/** podcast_shows, podcast_episodes, podcast_subscriptions, podcast_play_marks and podcast_downloads (SQL-owned). */
@Injectable()
export class PgPodcastRepository implements PodcastRepository {
  constructor(private readonly em: EntityManager) {}

  async ensureShow(userId: string, showName: string, category: PodcastCategory): Promise<PodcastShow> {
    await this.em.execute(
      `insert into podcast_shows (id, user_id, show_name, category, created_at) values (?, ?, ?, ?, now())
       on conflict (user_id, lower(show_name)) do nothing`,
      [randomUUID(), userId, showName, category],
    );
    const [row] = await this.em.execute<ShowRow[]>('select * from podcast_shows where user_id = ? and lower(show_name) = lower(?)', [userId, showName]);
    return toShow(row);
  }

  async addEpisode(d: { mediaId: string; showId: string; episodeNumber: number | null; seasonNumber: number; category: PodcastCategory }): Promise<void> {
    await this.em.execute('insert into podcast_episodes (media_id, show_id, episode_number, season_number, category) values (?, ?, ?, ?, ?)', [d.mediaId, d.showId, d.episodeNumber, d.seasonNumber, d.category]);
  }

  async details(mediaIds: string[]): Promise<Map<string, EpisodeDetails>> {
    const ids = mediaIds.filter((id) => isUuid(id));
    if (!ids.length) return new Map();
    const rows = await this.em.execute<{ media_id: string; show_id: string; show_name: string; episode_number: number | null; season_number: number; category: PodcastCategory; peaks: number[] | null; audio_key: string | null; codec: string | null }[]>(
      'select e.*, s.show_name from podcast_episodes e join podcast_shows s on s.id = e.show_id where e.media_id in (?)',
      [ids],
    );
    return new Map(
      rows.map((r) => [
        r.media_id,
        { mediaId: r.media_id, showId: r.show_id, showName: r.show_name, episodeNumber: r.episode_number, seasonNumber: r.season_number, category: r.category, peaks: r.peaks, audioKey: r.audio_key, codec: r.codec },
      ]),
    );
  }

  async saveProcessed(mediaId: string, c: { peaks: number[] | null; audioKey: string | null; codec: string | null }): Promise<void> {
    await this.em.execute('update podcast_episodes set peaks = ?, audio_key = ?, codec = ? where media_id = ?', [c.peaks ? JSON.stringify(c.peaks) : null, c.audioKey, c.codec, mediaId]);
  }

  async list(viewer: string | null, filter: EpisodeFilter, limit: number): Promise<string[]> {
    const conds = [`m.kind = 'episode'`, LISTED];
    const args: unknown[] = [viewer];
    if (filter.category) {
      conds.push('e.category = ?');
      args.push(filter.category);
    }
    if (filter.showId) {
      conds.push('e.show_id = ?');
      args.push(filter.showId);
    }
    const rows = await this.em.execute<{ id: string }[]>(
      `select m.id from media m join podcast_episodes e on e.media_id = m.id where ${conds.join(' and ')} order by m.created_at desc, m.id desc limit ?`,
      [...args, limit],
    );
    return rows.map((r) => r.id);
  }

  async feedFingerprint(showId: string): Promise<string> {
    if (!isUuid(showId)) return '';
    const [r] = await this.em.execute<{ n: number; changed: number | null; newest: number | null }[]>(
      `select count(*)::int as n, (extract(epoch from max(m.updated_at)) * 1000)::float8 as changed, (extract(epoch from max(m.created_at)) * 1000)::float8 as newest
         from podcast_episodes e join media m on m.id = e.media_id
        where e.show_id = ? and m.kind = 'episode' and ${PUBLIC}`,
      [showId],
    );
    return `${r?.n ?? 0}:${r?.changed ?? 0}:${r?.newest ?? 0}`;
  }

  async feedEpisodes(showId: string, limit: number): Promise<FeedEpisode[]> {
    if (!isUuid(showId)) return [];
    // One query and plain rows: a feed of 1,000 episodes loaded as entities spent most of its time hydrating them. The
    // date comes as epoch milliseconds (a number), which the driver reads far faster than a timestamp's text.
    const rows = await this.em.execute<
      { id: string; title: string; description: string | null; created_ms: number; duration_seconds: number | null; original_size: string | number; content_type: string; thumbnail_key: string | null; episode_number: number | null; season_number: number; audio_key: string | null }[]
    >(
      `select m.id, m.title, m.description, (extract(epoch from m.created_at) * 1000)::float8 as created_ms, m.duration_seconds, m.original_size, m.content_type, m.thumbnail_key,
              e.episode_number, e.season_number, e.audio_key
         from podcast_episodes e join media m on m.id = e.media_id
        where e.show_id = ? and m.kind = 'episode' and ${PUBLIC}
        order by m.created_at desc, m.id desc limit ?`,
      [showId, limit],
    );
    return rows.map((r) => ({
      media: {
        id: r.id,
        title: r.title,
        description: r.description,
        createdAt: new Date(Number(r.created_ms)),
        durationSeconds: r.duration_seconds === null ? null : Number(r.duration_seconds),
        originalSize: Number(r.original_size),
        contentType: r.content_type,
        thumbnailKey: r.thumbnail_key,
      },
      details: { episodeNumber: r.episode_number, seasonNumber: r.season_number, audioKey: r.audio_key },
    }));
  }

  async trending(limit: number): Promise<string[]> {
    const rows = await this.em.execute<{ id: string }[]>(
      `select m.id from media m join podcast_episodes e on e.media_id = m.id
         left join (select media_id, sum(views) as recent from media_activity_hourly where hour >= now() - interval '7 days' group by media_id) a on a.media_id = m.id
        where m.kind = 'episode' and ${PUBLIC}
        order by coalesce(a.recent, 0) desc, m.views desc, m.created_at desc, m.id desc limit ?`,
      [limit],
    );
    return rows.map((r) => r.id);
  }

  async categories(): Promise<{ category: PodcastCategory; count: number }[]> {
    const rows = await this.em.execute<{ category: PodcastCategory; n: string }[]>(
      `select e.category, count(*) as n from media m join podcast_episodes e on e.media_id = m.id where m.kind = 'episode' and ${PUBLIC} group by e.category order by count(*) desc, e.category`,
    );
    return rows.map((r) => ({ category: r.category, count: Number(r.n) }));
  }

  async shows(viewer: string | null, only: { ids?: string[]; userId?: string; names?: string[] } = {}): Promise<ShowSummary[]> {
    const conds: string[] = [];
    const args: unknown[] = [viewer];
    if (only.ids) {
      const ids = only.ids.filter((id) => isUuid(id));
      if (!ids.length) return [];
      conds.push('s.id in (?)');
      args.push(ids);
    }
    if (only.userId) {
      conds.push('s.user_id = ?');
      args.push(only.userId);
    }
    if (only.names) {
      if (!only.names.length) return [];
      conds.push('lower(s.show_name) in (?)');
      args.push(only.names);
    }
    // The latest episode alone is sent back (not an array of every episode: a show of 1,000 would parse 1,000 titles).
    const rows = await this.em.execute<(ShowRow & { n: string; plays: string; latest_at: Date | null; latest: string | null })[]>(
      `select s.*, count(m.id) as n, coalesce(sum(m.views), 0) as plays, max(m.created_at) as latest_at,
              (array_agg(m.id::text || '|' || m.title order by m.created_at desc, m.id desc))[1] as latest
         from podcast_shows s
         join podcast_episodes e on e.show_id = s.id
         join media m on m.id = e.media_id and m.kind = 'episode' and ${LISTED}
        ${conds.length ? `where ${conds.join(' and ')}` : ''}
        group by s.id
        order by max(m.created_at) desc, s.id desc`,
      args,
    );
    return rows.map((r) => {
      const [latestId, ...title] = (r.latest ?? '').split('|');
      return { ...toShow(r), episodeCount: Number(r.n), totalPlays: Number(r.plays), latestEpisodeAt: r.latest_at ? new Date(r.latest_at) : null, latestEpisodeId: latestId || null, latestEpisodeTitle: latestId ? title.join('|') : null };
    });
  }

  async show(id: string): Promise<PodcastShow | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.em.execute<ShowRow[]>('select * from podcast_shows where id = ?', [id]);
    return row ? toShow(row) : null;
  }

  async showNameVisible(name: string, viewer: string): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `select s.id from podcast_shows s where lower(s.show_name) = ? and exists (select 1 from podcast_episodes e join media m on m.id = e.media_id where e.show_id = s.id and ${LISTED}) limit 1`,
      [name, viewer],
    );
    return rows.length > 0;
  }

  async isSubscribed(userId: string, name: string): Promise<boolean> {
    return (await this.em.execute<{ n: number }[]>('select 1 as n from podcast_subscriptions where user_id = ? and show_name = ?', [userId, name])).length > 0;
  }

  async toggleSubscription(userId: string, name: string): Promise<boolean> {
    return this.em.transactional(async () => {
      const added = await this.em.execute<{ user_id: string }[]>('insert into podcast_subscriptions (user_id, show_name, created_at) values (?, ?, now()) on conflict do nothing returning user_id', [userId, name]);
      if (added.length) return true;
      await this.em.execute('delete from podcast_subscriptions where user_id = ? and show_name = ?', [userId, name]);
      return false;
    });
  }

  async subscriptions(userId: string): Promise<string[]> {
    const rows = await this.em.execute<{ show_name: string }[]>('select show_name from podcast_subscriptions where user_id = ? order by created_at desc, show_name', [userId]);
    return rows.map((r) => r.show_name);
  }

  listen(mediaId: string, listenerKey: string, seconds: number, minGapSeconds: number): Promise<{ plays: number; counted: boolean }> {
    return countListening(this.em, 'podcast_play_marks', mediaId, listenerKey, seconds, minGapSeconds);
  }

  async forgetListener(listenerKey: string): Promise<void> {
    await this.em.execute('delete from podcast_play_marks where listener_key = ?', [listenerKey]);
  }

  async delivered(mediaId: string, clientKey: string, bytes: number, threshold: number): Promise<boolean> {
    return this.em.transactional(async () => {
      // A window older than 24 h starts over (its bytes and its counted download with it).
      const expired = `d.window_start <= now() - make_interval(hours => ${DOWNLOAD_WINDOW_HOURS})`;
      const [row] = await this.em.execute<{ bytes: string; counted: boolean }[]>(
        `insert into podcast_downloads as d (media_id, client_key, window_start, bytes) values (?, ?, now(), ?)
         on conflict (media_id, client_key) do update set
           window_start = case when ${expired} then now() else d.window_start end,
           bytes = case when ${expired} then excluded.bytes else d.bytes + excluded.bytes end,
           counted_at = case when ${expired} then null else d.counted_at end
         returning bytes, counted_at is not null as counted`,
        [mediaId, clientKey, bytes],
      );
      if (row.counted || Number(row.bytes) < threshold) return false;
      await this.em.execute('update podcast_downloads set counted_at = now() where media_id = ? and client_key = ?', [mediaId, clientKey]);
      await this.em.execute(
        `insert into podcast_download_days as t (media_id, day, downloads) values (?, (now() at time zone 'UTC')::date, 1)
         on conflict (media_id, day) do update set downloads = t.downloads + 1`,
        [mediaId],
      );
      return true;
    });
  }

  async downloads(mediaIds: string[]): Promise<Map<string, number>> {
    const ids = mediaIds.filter((id) => isUuid(id));
    if (!ids.length) return new Map();
    const rows = await this.em.execute<{ media_id: string; n: string }[]>('select media_id, sum(downloads) as n from podcast_download_days where media_id in (?) group by media_id', [ids]);
    return new Map(rows.map((r) => [r.media_id, Number(r.n)]));
  }

  async figures(userId: string, days: number): Promise<PodcastFigures> {
    const [t] = await this.em.execute<{ n: string; plays: string | null; likes: string | null }[]>(
      `select count(*) as n, sum(views) as plays, sum(likes) as likes from media where user_id = ? and kind = 'episode' and status = 'ready'`,
      [userId],
    );
    const [s] = await this.em.execute<{ n: string }[]>(
      `select count(distinct p.user_id) as n from podcast_subscriptions p where p.show_name in (select lower(show_name) from podcast_shows where user_id = ?) and p.user_id <> ?`,
      [userId, userId],
    );
    const [d] = await this.em.execute<{ n: string | null }[]>(
      `select sum(t.downloads) as n from podcast_download_days t join media m on m.id = t.media_id where m.user_id = ? and m.kind = 'episode'`,
      [userId],
    );
    const perDay = await this.em.execute<{ day: string; plays: string }[]>(
      `with days as (select generate_series((now() at time zone 'UTC')::date - (? - 1), (now() at time zone 'UTC')::date, interval '1 day')::date as day)
       select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(sum(a.views), 0) as plays
         from days
         left join (select (h.hour at time zone 'UTC')::date as day, h.views from media_activity_hourly h join media m on m.id = h.media_id
                     where m.user_id = ? and m.kind = 'episode' and h.hour >= now() - make_interval(days => ?)) a on a.day = days.day
        group by days.day order by days.day`,
      [days, userId, days + 1],
    );
    return {
      totalEpisodes: Number(t?.n ?? 0),
      totalPlays: Number(t?.plays ?? 0),
      totalLikes: Number(t?.likes ?? 0),
      totalSubscribers: Number(s?.n ?? 0),
      totalDownloads: Number(d?.n ?? 0),
      playsPerDay: perDay.map((r) => ({ date: r.day, plays: Number(r.plays) })),
    };
  }
}
