import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { BrandingRepository, CustomLogo } from '../domain/branding.js';

interface Row {
  version: string;
  background: string;
  width: number;
  height: number;
  bytes: number;
  updated_at: Date;
}

const toLogo = (row: Row): CustomLogo => ({ version: row.version, background: row.background, width: row.width, height: row.height, bytes: row.bytes, updatedAt: new Date(row.updated_at) });

/** Serializes the changes of the logo and the pruning of icon sets, in every process (until the transaction ends). */
const LOCK = `select pg_advisory_xact_lock(hashtext('founder:branding'))`;

/** The `branding` table (SQL-owned, one row at most, id 1): no row is the default text logo. */
@Injectable()
export class SqlLogoRepository implements BrandingRepository {
  constructor(private readonly em: EntityManager) {}

  async current(): Promise<CustomLogo | null> {
    const [row] = await this.em.getConnection().execute<Row[]>('select version, background, width, height, bytes, updated_at from branding where id = 1');
    return row ? toLogo(row) : null;
  }

  async switchTo(logo: CustomLogo | null, alsoInTransaction: () => Promise<void>): Promise<void> {
    await this.em.transactional(async (em) => {
      await em.execute(LOCK);
      if (logo) {
        await em.execute(
          `insert into branding (id, version, background, width, height, bytes, updated_at) values (1, ?, ?, ?, ?, ?, ?)
           on conflict (id) do update set version = excluded.version, background = excluded.background, width = excluded.width,
             height = excluded.height, bytes = excluded.bytes, updated_at = excluded.updated_at`,
          [logo.version, logo.background, logo.width, logo.height, logo.bytes, logo.updatedAt],
        );
      } else {
        await em.execute('delete from branding where id = 1');
      }
      await alsoInTransaction();
    });
  }

  async withCurrent(work: (current: CustomLogo | null) => Promise<void>): Promise<void> {
    await this.em.transactional(async (em) => {
      await em.execute(LOCK);
      const [row] = await em.execute<Row[]>('select version, background, width, height, bytes, updated_at from branding where id = 1');
      await work(row ? toLogo(row) : null);
    });
  }
}
