import { Migration } from '@mikro-orm/migrations';

/**
 * The editor studio (issue 19). media_edits: one saved draft per video per user (in practice its owner), versioned for
 * optimistic saves (a save names the version it started from). media_exports: each export of a draft at a tile
 * (720p, 1080p, 4K), with the edit as it was when asked for, the job's status and progress, and the new video it made.
 * Both SQL-owned (SQL_OWNED_TABLES); rows go with their video or user. The `editor` feature flag starts enabled.
 */
export class Migration20261128010000_editor extends Migration {

  override name = 'Migration20261128010000_editor';

  override up(): void | Promise<void> {
    this.addSql(`create table "media_edits" (
      "media_id" uuid not null references "media" ("id") on delete cascade,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "version" int not null check ("version" >= 1),
      "edit" jsonb not null,
      "updated_at" timestamptz not null,
      constraint "media_edits_pkey" primary key ("media_id", "user_id")
    );`);
    this.addSql(`create index "media_edits_user_index" on "media_edits" ("user_id");`);
    this.addSql(`create table "media_exports" (
      "id" uuid not null primary key,
      "media_id" uuid not null references "media" ("id") on delete cascade,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "resolution" varchar(5) not null check ("resolution" in ('720p', '1080p', '4K')),
      "height" int not null check ("height" > 0),
      "edit" jsonb not null,
      "status" varchar(10) not null check ("status" in ('queued', 'rendering', 'publishing', 'done', 'failed', 'cancelled')),
      "progress" int not null default 0 check ("progress" between 0 and 100),
      "result_media_id" uuid null references "media" ("id") on delete set null,
      "error" varchar(500) null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null
    );`);
    this.addSql(`create index "media_exports_media_user_index" on "media_exports" ("media_id", "user_id", "created_at" desc);`);
    this.addSql(`create index "media_exports_user_index" on "media_exports" ("user_id");`);
    this.addSql(`create index "media_exports_open_index" on "media_exports" ("updated_at") where "status" in ('queued', 'rendering', 'publishing');`);
    this.addSql(`insert into "feature_flags" ("name", "enabled", "description") values
      ('editor', true, 'The editor studio: editing your videos and exporting them as new videos.')
      on conflict ("name") do nothing;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "feature_flags" where "name" = 'editor';`);
    this.addSql(`drop table if exists "media_exports";`);
    this.addSql(`drop table if exists "media_edits";`);
  }

}
