import { Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { DOWNLOAD_WINDOW_HOURS } from '../domain/podcast.js';

/**
 * How long a listener's play mark is kept after their last report. A mark holds listening not yet counted (worth
 * nothing a week later) and when their last play counted (a replay counts again once the item's length has passed:
 * no track or episode is a week long).
 */
export const PLAY_MARKS_KEPT_DAYS = 7;

/**
 * Prunes the bookkeeping of plays and downloads that no longer decides anything: play marks of tracks and episodes
 * untouched for PLAY_MARKS_KEPT_DAYS, and IAB download windows past their 24 hours (a new request starts a new
 * window; the downloads themselves are counted per day in podcast_download_days, which stays).
 */
@Injectable()
export class PruneListeningMarks {
  private readonly logger = new Logger('PruneListeningMarks');

  constructor(private readonly orm: MikroORM) {}

  async prune(now = new Date()): Promise<{ playMarks: number; downloadWindows: number }> {
    const em = this.orm.em.fork();
    const marksBefore = new Date(now.getTime() - PLAY_MARKS_KEPT_DAYS * 86_400_000);
    const windowsBefore = new Date(now.getTime() - DOWNLOAD_WINDOW_HOURS * 3_600_000);
    const count = async (sql: string, params: unknown[]) => Number((await em.execute<{ n: string }[]>(`with gone as (${sql} returning 1) select count(*) as n from gone`, params))[0]?.n ?? 0);
    const playMarks =
      (await count("delete from music_play_marks where coalesce(last_report_at, counted_at, 'epoch') < ?", [marksBefore])) + (await count("delete from podcast_play_marks where coalesce(last_report_at, counted_at, 'epoch') < ?", [marksBefore]));
    const downloadWindows = await count('delete from podcast_downloads where window_start < ?', [windowsBefore]);
    return { playMarks, downloadWindows };
  }

  @Cron('41 * * * *', { name: 'listening-marks-prune' })
  async pruneHourly(): Promise<void> {
    await RequestContext.create(this.orm.em, () => this.prune()).catch((e: Error) => this.logger.warn(`listening marks prune: ${e.message}`));
  }
}
