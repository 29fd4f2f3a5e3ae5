import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AdAccrual } from '../domain/ad-revenue.js';
import type { AdAccrualRepository } from '../domain/ports.js';

/** Ad revenue accrued per monetized item (SQL-owned table `ad_accruals`). */
@Injectable()
export class PgAdAccrualRepository implements AdAccrualRepository {
  constructor(private readonly em: EntityManager) {}

  async lockOrCreate(mediaId: string, userId: string): Promise<AdAccrual> {
    await this.em.execute('insert into ad_accruals (media_id, user_id) values (?, ?) on conflict do nothing', [mediaId, userId]);
    const [row] = await this.em.execute<{ views: string; gross_cents: string; creator_cents: string }[]>('select views, gross_cents, creator_cents from ad_accruals where media_id = ? for update', [mediaId]);
    return new AdAccrual(mediaId, userId, Number(row.views), Number(row.gross_cents), Number(row.creator_cents));
  }

  async save(a: AdAccrual): Promise<void> {
    await this.em.execute(
      `insert into ad_accruals (media_id, user_id, views, gross_cents, creator_cents) values (?, ?, ?, ?, ?)
       on conflict (media_id) do update set views = excluded.views, gross_cents = excluded.gross_cents, creator_cents = excluded.creator_cents, updated_at = now()`,
      [a.mediaId, a.userId, a.views, a.grossCents, a.creatorCents],
    );
  }
}
