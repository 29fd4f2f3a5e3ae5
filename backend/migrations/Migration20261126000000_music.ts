import { Migration } from '@mikro-orm/migrations';

/**
 * The music library (issue 14): a track is a `media` row of kind 'track' (uploads, processing, statuses, visibility,
 * moderation, likes, views as plays, watch time); its music-only fields are in music_tracks (SQL-owned). Playlists are
 * their owner's, public or private, with their tracks in order. music_play_marks: per listener and track, the seconds
 * listened since the last counted play, when that play was and when listening was last reported (a play counts after
 * 30 s of listening, once per play-through of the track).
 */
export class Migration20261126000000_music extends Migration {

  override name = 'Migration20261126000000_music';

  override up(): void | Promise<void> {
    this.addSql(`alter table "media" drop constraint if exists "media_kind_check";`);
    this.addSql(`alter table "media" add constraint "media_kind_check" check ("kind" in ('video', 'reel', 'movie', 'track'));`);
    this.addSql(`create index "media_popular_index" on "media" ("kind", "status", "visibility", "views", "id");`);
    this.addSql(`create table "music_tracks" (
      "media_id" uuid not null primary key references "media" ("id") on delete cascade,
      "artist" varchar(200) not null,
      "album" varchar(200) null,
      "genre" varchar(20) not null check ("genre" in ('Pop', 'Rock', 'Electronic', 'Hip-Hop', 'Classical', 'Jazz', 'Country', 'R&B')),
      "content_type" varchar(5) not null check ("content_type" in ('audio', 'video')),
      "peaks" jsonb null,
      "audio_key" varchar(200) null,
      "codec" varchar(40) null
    );`);
    this.addSql(`create table "music_playlists" (
      "id" uuid not null primary key,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "name" varchar(100) not null,
      "is_public" boolean not null default false,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null
    );`);
    this.addSql(`create index "music_playlists_user_index" on "music_playlists" ("user_id", "created_at");`);
    this.addSql(`create table "music_playlist_tracks" (
      "playlist_id" uuid not null references "music_playlists" ("id") on delete cascade,
      "media_id" uuid not null references "media" ("id") on delete cascade,
      "position" int not null,
      constraint "music_playlist_tracks_pkey" primary key ("playlist_id", "media_id")
    );`);
    this.addSql(`create index "music_playlist_tracks_media_index" on "music_playlist_tracks" ("media_id");`);
    this.addSql(`create table "music_play_marks" (
      "media_id" uuid not null references "media" ("id") on delete cascade,
      "listener_key" varchar(64) not null,
      "seconds" int not null default 0,
      "counted_at" timestamptz null,
      "last_report_at" timestamptz null,
      constraint "music_play_marks_pkey" primary key ("media_id", "listener_key")
    );`);
    this.addSql(`create index "music_play_marks_listener_index" on "music_play_marks" ("listener_key");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "music_play_marks";`);
    this.addSql(`drop table if exists "music_playlist_tracks";`);
    this.addSql(`drop table if exists "music_playlists";`);
    this.addSql(`drop table if exists "music_tracks";`);
    this.addSql(`drop index if exists "media_popular_index";`);
    this.addSql(`delete from "media" where "kind" = 'track';`);
    this.addSql(`alter table "media" drop constraint if exists "media_kind_check";`);
    this.addSql(`alter table "media" add constraint "media_kind_check" check ("kind" in ('video', 'reel', 'movie'));`);
  }

}
