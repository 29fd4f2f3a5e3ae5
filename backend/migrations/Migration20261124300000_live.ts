import { Migration } from '@mikro-orm/migrations';

/**
 * Live: streams, their likes, chat messages, chat timeouts and presence (who has a stream open now). All are written
 * with SQL by the live context's repositories (SQL_OWNED_TABLES in orm.ts).
 *
 * Held by the database itself:
 * - one stream per user that has not ended (a partial unique index: two concurrent starts make one);
 * - one like per user and stream (the primary key), and the stream's `likes` never below zero;
 * - a chat message is non-blank and at most 500 characters; a timeout runs 10 s to 24 h.
 *
 * `live_presence` is unlogged: who is watching now is worth nothing after a crash, and its rows are refreshed by the
 * process that holds each socket (rows that stop being refreshed stop counting).
 */
export class Migration20261124300000_live extends Migration {

  override name = 'Migration20261124300000_live';

  override up(): void | Promise<void> {
    this.addSql(`create table "live_streams" ("id" uuid not null, "user_id" uuid not null, "title" varchar(100) not null, "description" text not null default '', "is_vertical" boolean not null default false, "super_chat_enabled" boolean not null default false, "status" varchar(10) not null default 'created', "slow_mode_seconds" int not null default 0, "likes" int not null default 0, "created_at" timestamptz not null, "live_at" timestamptz null, "ended_at" timestamptz null, constraint "live_streams_pkey" primary key ("id"), constraint "live_streams_status_check" check ("status" in ('created', 'live', 'ended')), constraint "live_streams_title_check" check (length(btrim("title")) > 0), constraint "live_streams_likes_check" check ("likes" >= 0), constraint "live_streams_slow_mode_check" check ("slow_mode_seconds" between 0 and 3600), constraint "live_streams_ended_check" check (("status" = 'ended') = ("ended_at" is not null)));`);
    this.addSql(`create unique index "live_streams_one_open" on "live_streams" ("user_id") where "status" <> 'ended';`);
    this.addSql(`create index "live_streams_open_index" on "live_streams" ("created_at" desc, "id" desc) where "status" <> 'ended';`);
    this.addSql(`create index "live_streams_user_index" on "live_streams" ("user_id", "created_at" desc);`);

    this.addSql(`create table "live_likes" ("stream_id" uuid not null references "live_streams" ("id") on delete cascade, "user_id" uuid not null, "created_at" timestamptz not null, constraint "live_likes_pkey" primary key ("stream_id", "user_id"));`);

    this.addSql(`create table "live_comments" ("id" uuid not null, "seq" bigint generated always as identity, "stream_id" uuid not null references "live_streams" ("id") on delete cascade, "user_id" uuid not null, "username" varchar(100) not null, "message" varchar(500) not null, "created_at" timestamptz not null, "deleted_at" timestamptz null, constraint "live_comments_pkey" primary key ("id"), constraint "live_comments_message_check" check (length(btrim("message")) > 0));`);
    this.addSql(`create index "live_comments_recent_index" on "live_comments" ("stream_id", "seq" desc) where "deleted_at" is null;`);
    this.addSql(`create index "live_comments_sender_index" on "live_comments" ("user_id", "created_at" desc);`);

    this.addSql(`create table "live_timeouts" ("stream_id" uuid not null references "live_streams" ("id") on delete cascade, "user_id" uuid not null, "until" timestamptz not null, "created_at" timestamptz not null, constraint "live_timeouts_pkey" primary key ("stream_id", "user_id"));`);

    this.addSql(`create unlogged table "live_presence" ("stream_id" uuid not null, "socket_id" uuid not null, "user_id" uuid null, "process_id" uuid not null, "seen_at" timestamptz not null default now(), constraint "live_presence_pkey" primary key ("stream_id", "socket_id"));`);
    this.addSql(`create index "live_presence_process_index" on "live_presence" ("process_id");`);
  }

  override down(): void | Promise<void> {
    for (const t of ['live_presence', 'live_timeouts', 'live_comments', 'live_likes', 'live_streams']) this.addSql(`drop table if exists "${t}" cascade;`);
  }

}
