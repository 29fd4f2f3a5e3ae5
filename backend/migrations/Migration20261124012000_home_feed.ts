import { Migration } from '@mikro-orm/migrations';

/**
 * Home's sections: views and watch time per item per hour (Trending reads the last 48 hours; older hours are
 * pruned), and where each signed-in viewer left each item (Continue watching).
 */
export class Migration20261124012000_home_feed extends Migration {

  override name = 'Migration20261124012000_home_feed';

  override up(): void | Promise<void> {
    this.addSql(`create table "media_activity_hourly" ("hour" timestamptz not null, "media_id" uuid not null, "views" int not null default 0, "watch_seconds" int not null default 0, constraint "media_activity_hourly_pkey" primary key ("hour", "media_id"));`);
    this.addSql(`create index "media_activity_hourly_media_index" on "media_activity_hourly" ("media_id");`);
    this.addSql(`create table "media_watch_progress" ("user_id" uuid not null, "media_id" uuid not null, "position_seconds" int not null, "updated_at" timestamptz not null default now(), constraint "media_watch_progress_pkey" primary key ("user_id", "media_id"));`);
    this.addSql(`create index "media_watch_progress_recent_index" on "media_watch_progress" ("user_id", "updated_at" desc);`);
    this.addSql(`create index "media_watch_progress_media_index" on "media_watch_progress" ("media_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "media_watch_progress";`);
    this.addSql(`drop table if exists "media_activity_hourly";`);
  }

}
