import { Migration } from '@mikro-orm/migrations';

/**
 * The per-address request limit shared by every server process (RateLimitGuard, without REDIS_URL): hits per key and
 * one-minute window, added in batches by each process. Unlogged: the counts are worth nothing after a crash, and
 * writing them skips the WAL.
 */
export class Migration20261124200400_shared_counters extends Migration {

  override name = 'Migration20261124200400_shared_counters';

  override up(): void | Promise<void> {
    this.addSql(`create unlogged table "rate_limit_counters" ("key" text not null, "window_start" bigint not null, "hits" integer not null, primary key ("key", "window_start"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "rate_limit_counters";`);
  }

}
