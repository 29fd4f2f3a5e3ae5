import { Migration } from '@mikro-orm/migrations';

/**
 * Podcasts (issue 14): an episode is a `media` row of kind 'episode' (audio only; uploads, processing, statuses,
 * visibility, moderation, likes, views as plays); its podcast-only fields are in podcast_episodes (SQL-owned). A show
 * is its creator's, one per (creator, show name ignoring case), made on the first upload with that name.
 * Subscriptions are by show name (normalised: trimmed, lower case). podcast_play_marks: as music_play_marks.
 * podcast_downloads: IAB 2.1 downloads of the enclosure, one row per (episode, address, user agent) 24 h window.
 */
export class Migration20261126010000_podcasts extends Migration {

  override name = 'Migration20261126010000_podcasts';

  override up(): void | Promise<void> {
    this.addSql(`alter table "media" drop constraint if exists "media_kind_check";`);
    this.addSql(`alter table "media" add constraint "media_kind_check" check ("kind" in ('video', 'reel', 'movie', 'track', 'episode'));`);
    this.addSql(`create table "podcast_shows" (
      "id" uuid not null primary key,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "show_name" varchar(200) not null,
      "category" varchar(20) not null,
      "created_at" timestamptz not null
    );`);
    this.addSql(`create unique index "podcast_shows_user_name_unique" on "podcast_shows" ("user_id", lower("show_name"));`);
    this.addSql(`create index "podcast_shows_name_index" on "podcast_shows" (lower("show_name"));`);
    this.addSql(`create table "podcast_episodes" (
      "media_id" uuid not null primary key references "media" ("id") on delete cascade,
      "show_id" uuid not null references "podcast_shows" ("id") on delete cascade,
      "episode_number" int null check ("episode_number" >= 1),
      "season_number" int not null default 1 check ("season_number" >= 1),
      "category" varchar(20) not null,
      "peaks" jsonb null,
      "audio_key" varchar(200) null,
      "codec" varchar(40) null
    );`);
    this.addSql(`create index "podcast_episodes_show_index" on "podcast_episodes" ("show_id");`);
    this.addSql(`create table "podcast_subscriptions" (
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "show_name" varchar(200) not null,
      "created_at" timestamptz not null,
      constraint "podcast_subscriptions_pkey" primary key ("user_id", "show_name")
    );`);
    this.addSql(`create index "podcast_subscriptions_name_index" on "podcast_subscriptions" ("show_name");`);
    this.addSql(`create table "podcast_play_marks" (
      "media_id" uuid not null references "media" ("id") on delete cascade,
      "listener_key" varchar(64) not null,
      "seconds" int not null default 0,
      "counted_at" timestamptz null,
      "last_report_at" timestamptz null,
      constraint "podcast_play_marks_pkey" primary key ("media_id", "listener_key")
    );`);
    this.addSql(`create index "podcast_play_marks_listener_index" on "podcast_play_marks" ("listener_key");`);
    this.addSql(`create table "podcast_downloads" (
      "media_id" uuid not null references "media" ("id") on delete cascade,
      "client_key" varchar(64) not null,
      "window_start" timestamptz not null,
      "bytes" bigint not null default 0,
      "counted_at" timestamptz null,
      constraint "podcast_downloads_pkey" primary key ("media_id", "client_key")
    );`);
    this.addSql(`create index "podcast_downloads_counted_index" on "podcast_downloads" ("media_id", "counted_at");`);
    this.addSql(`create table "podcast_download_days" (
      "media_id" uuid not null references "media" ("id") on delete cascade,
      "day" date not null,
      "downloads" int not null default 0,
      constraint "podcast_download_days_pkey" primary key ("media_id", "day")
    );`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "podcast_download_days";`);
    this.addSql(`drop table if exists "podcast_downloads";`);
    this.addSql(`drop table if exists "podcast_play_marks";`);
    this.addSql(`drop table if exists "podcast_subscriptions";`);
    this.addSql(`drop table if exists "podcast_episodes";`);
    this.addSql(`drop table if exists "podcast_shows";`);
    this.addSql(`delete from "media" where "kind" = 'episode';`);
    this.addSql(`alter table "media" drop constraint if exists "media_kind_check";`);
    this.addSql(`alter table "media" add constraint "media_kind_check" check ("kind" in ('video', 'reel', 'movie', 'track'));`);
  }

}
