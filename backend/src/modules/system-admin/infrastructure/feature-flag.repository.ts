import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { FeatureFlag, FeatureFlagRepository } from '../domain/feature-flag.js';

interface Row {
  name: string;
  enabled: boolean;
  description: string;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  updated_by: string | null;
}

const toFlag = (r: Row): FeatureFlag => ({
  name: r.name,
  enabled: r.enabled,
  description: r.description,
  createdBy: r.created_by,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
  updatedBy: r.updated_by,
});

/** The SQL-owned `feature_flags` table (common/features reads it too, for every process's in-memory copy). */
@Injectable()
export class PgFeatureFlagRepository implements FeatureFlagRepository {
  constructor(private readonly em: EntityManager) {}

  async list(): Promise<FeatureFlag[]> {
    return (await this.em.execute<Row[]>('select * from feature_flags order by name')).map(toFlag);
  }

  async lock(name: string): Promise<void> {
    await this.em.execute('select pg_advisory_xact_lock(hashtext(?))', [`feature_flag:${name}`]);
  }

  async find(name: string): Promise<FeatureFlag | null> {
    const [row] = await this.em.execute<Row[]>('select * from feature_flags where name = ?', [name]);
    return row ? toFlag(row) : null;
  }

  async count(): Promise<number> {
    const [row] = await this.em.execute<{ n: string }[]>('select count(*) as n from feature_flags');
    return Number(row?.n ?? 0);
  }

  async insert(f: FeatureFlag): Promise<void> {
    await this.em.execute(
      'insert into feature_flags (name, enabled, description, created_by, created_at, updated_at, updated_by) values (?, ?, ?, ?, ?, ?, ?)',
      [f.name, f.enabled, f.description, f.createdBy, f.createdAt, f.updatedAt, f.updatedBy],
    );
  }

  async update(f: FeatureFlag): Promise<void> {
    await this.em.execute('update feature_flags set enabled = ?, description = ?, updated_at = ?, updated_by = ? where name = ?', [
      f.enabled,
      f.description,
      f.updatedAt,
      f.updatedBy,
      f.name,
    ]);
  }
}
