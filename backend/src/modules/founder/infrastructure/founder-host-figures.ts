import { statfs } from 'node:fs/promises';
import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import type { HostFigures } from '../domain/ports.js';

/** The host as the founder's analytics sees it: the process's uptime, the data disk's use, the database's answer. */
@Injectable()
export class FounderHostFigures implements HostFigures {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  uptimeSeconds(): number {
    return Math.floor(process.uptime());
  }

  async storageUsagePercent(): Promise<number | null> {
    try {
      const s = await statfs(this.config.dataDir);
      const total = s.blocks * s.bsize;
      if (!total) return null;
      // Used as df counts it: what is not free to anyone (the root reserve counts as used).
      return Math.round(((total - s.bfree * s.bsize) / total) * 10_000) / 100;
    } catch {
      return null;
    }
  }

  async databaseReachable(): Promise<boolean> {
    try {
      await this.em.getConnection().execute('select 1');
      return true;
    } catch {
      return false;
    }
  }
}
