import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { SeedMarks } from '../domain/ports.js';

/** SQL-owned table `seed_marks`. */
@Injectable()
export class PgSeedMarks implements SeedMarks {
  constructor(private readonly em: EntityManager) {}

  async has(name: string): Promise<boolean> {
    const rows = await this.em.execute<{ name: string }[]>('select name from seed_marks where name = ?', [name]);
    return rows.length > 0;
  }

  async mark(name: string): Promise<void> {
    await this.em.execute('insert into seed_marks (name) values (?) on conflict do nothing', [name]);
  }
}
