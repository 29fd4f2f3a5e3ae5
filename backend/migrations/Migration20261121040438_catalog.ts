import { Migration } from '@mikro-orm/migrations';

export class Migration20261121040438_catalog extends Migration {

  override name = 'Migration20261121040438_catalog';

  override up(): void | Promise<void> {
    this.addSql(`create table "media" ("id" uuid not null, "kind" text not null, "account_id" uuid not null, "user_id" uuid not null, "title" varchar(200) not null, "description" text null, "status" text not null default 'processing', "failure_reason" varchar(500) null, "visibility" text not null default 'public', "original_key" varchar(200) not null, "original_size" bigint not null, "content_type" varchar(100) not null, "duration_seconds" double precision null, "width" int null, "height" int null, "thumbnail_key" varchar(200) null, "hls_renditions" jsonb not null, "is_vertical" boolean not null default false, "monetization_enabled" boolean not null default false, "views" bigint not null default '0', "likes" int not null default 0, "comments" int not null default 0, "watch_seconds" bigint not null default '0', "ad_revenue_cents" bigint not null default '0', "tags" jsonb not null, "year" int null, "duration_minutes" int null, "genres" jsonb not null, "age_rating" text not null default 'PG', "family_safe" boolean not null default true, "is_premium" boolean not null default false, "cast" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "media_list_index" on "media" ("kind", "status", "visibility", "created_at", "id");`);
    this.addSql(`create index "media_owner_index" on "media" ("user_id", "kind", "created_at");`);
    this.addSql(`create index "media_account_index" on "media" ("account_id");`);

    this.addSql(`create table "media_comments" ("id" uuid not null, "media_id" uuid not null, "user_id" uuid not null, "account_id" uuid not null, "username" varchar(100) not null, "content" varchar(500) not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "media_comments_media_index" on "media_comments" ("media_id", "created_at");`);

    this.addSql(`create table "media_likes" ("media_id" uuid not null, "user_id" uuid not null, "created_at" timestamptz not null, primary key ("media_id", "user_id"));`);

    this.addSql(`create table "media_view_marks" ("media_id" uuid not null, "viewer_key" varchar(64) not null, "counted_at" timestamptz not null, primary key ("media_id", "viewer_key"));`);

    this.addSql(`create table "media_watch_time" ("media_id" uuid not null, "user_id" uuid not null, "day" date not null, "seconds" int not null, primary key ("media_id", "user_id", "day"));`);

    this.addSql(`alter table "media" add constraint "media_kind_check" check ("kind" in ('video', 'reel', 'movie'));`);
    this.addSql(`alter table "media" add constraint "media_status_check" check ("status" in ('processing', 'ready', 'failed'));`);
    this.addSql(`alter table "media" add constraint "media_visibility_check" check ("visibility" in ('public', 'unlisted', 'private'));`);
    this.addSql(`alter table "media" add constraint "media_age_rating_check" check ("age_rating" in ('G', 'PG', 'PG-13', 'R', 'NC-17'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "media" cascade;`);
    this.addSql(`drop table if exists "media_comments" cascade;`);
    this.addSql(`drop table if exists "media_likes" cascade;`);
    this.addSql(`drop table if exists "media_view_marks" cascade;`);
    this.addSql(`drop table if exists "media_watch_time" cascade;`);
  }

}
