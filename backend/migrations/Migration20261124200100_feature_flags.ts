import { Migration } from '@mikro-orm/migrations';

/**
 * Feature flags (SQL-owned): one row per flag, keyed by name, read by every process (common/features) and changed by
 * the admin console. The eight built-in flags start enabled, created by nobody.
 */
export class Migration20261124200100_feature_flags extends Migration {

  override name = 'Migration20261124200100_feature_flags';

  override up(): void | Promise<void> {
    this.addSql(`create table "feature_flags" (
      "name" varchar(64) not null primary key,
      "enabled" boolean not null default true,
      "description" text not null default '',
      "created_by" uuid null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      "updated_by" uuid null,
      constraint "feature_flags_name_check" check ("name" ~ '^[a-z][a-z0-9_]{1,63}$'),
      constraint "feature_flags_description_check" check (char_length("description") <= 500)
    );`);
    this.addSql(`insert into "feature_flags" ("name", "enabled", "description") values
      ('uploads', true, 'Uploading videos, shorts and movies (one-request and chunked uploads).'),
      ('live', true, 'Live streams.'),
      ('super_chat', true, 'Paid Super Chat messages during live streams.'),
      ('registration', true, 'New people can create an account (signing in keeps working when off).'),
      ('reels', true, 'Shorts: the Shorts section, viewer, uploads, likes and comments.'),
      ('music', true, 'The music section.'),
      ('podcasts', true, 'The podcasts section.'),
      ('gaming', true, 'The gaming section.')
      on conflict ("name") do nothing;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "feature_flags";`);
  }

}
