import { Inject, Injectable } from '@nestjs/common';
import { mkdir, statfs } from 'node:fs/promises';
import { MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { poolSize } from '../../../common/database/orm.js';
import type { HostProbes } from '../domain/system-controls.js';

const round1 = (n: number) => Math.round(n * 10) / 10;

/** This process's database pool (the ORM's `pg` pool) and the data directory's file system (statfs). */
@Injectable()
export class LocalHostProbes implements HostProbes {
  constructor(
    private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async pool(): Promise<{ inUse: number; idle: number; size: number }> {
    const pool = (await this.orm.em.getConnection().getNativeClient()) as unknown as pg.Pool;
    const idle = pool.idleCount;
    const size = (pool.options as { max?: number }).max ?? poolSize();
    return { inUse: Math.max(0, pool.totalCount - idle), idle, size };
  }

  async diskUsage(): Promise<number | null> {
    try {
      await mkdir(this.config.dataDir, { recursive: true });
      const s = await statfs(this.config.dataDir);
      if (!s.blocks) return null;
      return round1(((s.blocks - s.bfree) / s.blocks) * 100);
    } catch {
      return null;
    }
  }
}
