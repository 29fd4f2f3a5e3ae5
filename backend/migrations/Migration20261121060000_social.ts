import { Migration } from '@mikro-orm/migrations';

/**
 * The durable event outbox (an entity), and the social, search and notification tables. Those are written with SQL
 * by their repositories (generated tsvector columns, trigram and partial indexes), so the schema generator skips
 * them (`schemaGenerator.skipTables` in common/database/orm.ts).
 */
export class Migration20261121060000_social extends Migration {

  override name = 'Migration20261121060000_social';

  override up(): void | Promise<void> {
    this.addSql(`create table "event_outbox" ("id" uuid not null, "topic" varchar(100) not null, "payload" jsonb not null, "created_at" timestamptz not null, "dispatched_at" timestamptz null, "attempts" int not null default 0, "locked_until" timestamptz null, constraint "event_outbox_pkey" primary key ("id"));`);
    this.addSql(`create index "event_outbox_pending_index" on "event_outbox" ("dispatched_at", "created_at");`);

    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create extension if not exists unaccent;`);
    // unaccent() is only STABLE (it reads a dictionary); pinning the dictionary makes it safe in indexes and generated columns.
    this.addSql(`create or replace function scriven_fold(t text) returns text language sql immutable parallel safe strict as $$ select lower(public.unaccent('public.unaccent'::regdictionary, t)) $$;`);

    this.addSql(`create table "follows" ("follower_id" uuid not null, "followee_id" uuid not null, "created_at" timestamptz not null default now(), constraint "follows_pkey" primary key ("follower_id", "followee_id"), constraint "follows_not_self" check ("follower_id" <> "followee_id"));`);
    this.addSql(`create index "follows_followee_index" on "follows" ("followee_id", "follower_id");`);
    this.addSql(`create index "follows_follower_created_index" on "follows" ("follower_id", "created_at" desc);`);
    this.addSql(`create index "follows_followee_created_index" on "follows" ("followee_id", "created_at" desc);`);

    // One row per user: how others see them (listed = active, not deleted, primary account not private) and exact counts.
    this.addSql(`create table "social_users" ("user_id" uuid not null, "username" varchar(100) not null, "full_name" varchar(200) not null default '', "photo_url" varchar(300) null, "is_premium" boolean not null default false, "creator_program" boolean not null default false, "listed" boolean not null default true, "joined_at" timestamptz not null, "followers_count" int not null default 0, "following_count" int not null default 0, "content_count" int not null default 0, "updated_at" timestamptz not null default now(), constraint "social_users_pkey" primary key ("user_id"));`);
    this.addSql(`create index "social_users_popular_index" on "social_users" ("followers_count" desc, "user_id") where listed;`);
    this.addSql(`create index "social_users_newest_index" on "social_users" ("joined_at" desc, "user_id") where listed;`);
    this.addSql(`create index "social_users_creators_index" on "social_users" ("followers_count" desc, "user_id") where listed and creator_program;`);

    // One index of everything others can find: content of every kind and users. Later kinds add rows, not tables.
    this.addSql(`create table "content_index" ("kind" varchar(20) not null, "ref_id" uuid not null, "owner_user_id" uuid not null, "account_id" uuid null, "title" varchar(300) not null, "body" text not null default '', "visibility" varchar(10) not null default 'public', "popularity" bigint not null default 0, "published_at" timestamptz not null, "title_folded" text generated always as (scriven_fold("title")) stored, "document" tsvector generated always as (setweight(to_tsvector('simple', scriven_fold("title")), 'A') || setweight(to_tsvector('simple', scriven_fold("body")), 'B')) stored, constraint "content_index_pkey" primary key ("kind", "ref_id"));`);
    // Users and content apart: a search of one never walks the other's postings.
    this.addSql(`create index "content_index_document_index" on "content_index" using gin ("document") where visibility = 'public' and kind <> 'user';`);
    this.addSql(`create index "content_index_user_document_index" on "content_index" using gin ("document") where visibility = 'public' and kind = 'user';`);
    // Words of titles, for typo correction ("did you mean"): a query word not in it is replaced by its nearest by trigrams.
    this.addSql(`create table "search_words" ("word" varchar(100) not null, constraint "search_words_pkey" primary key ("word"));`);
    this.addSql(`create index "search_words_trgm_index" on "search_words" using gin ("word" gin_trgm_ops);`);
    this.addSql(`create index "search_words_prefix_index" on "search_words" ("word" text_pattern_ops);`);
    this.addSql(`create index "content_index_title_prefix_index" on "content_index" ("title_folded" text_pattern_ops) where visibility = 'public';`);
    // Covers the feed's reads (kind included), so a vacuumed table answers them from the index alone.
    this.addSql(`create index "content_index_feed_index" on "content_index" ("owner_user_id", "published_at" desc, "ref_id" desc) include ("kind") where visibility = 'public';`);
    this.addSql(`create index "content_index_account_index" on "content_index" ("account_id");`);

    // Who searched what, per hour (one row per searcher, so one person repeating a query counts once): trending.
    this.addSql(`create table "search_queries" ("query" varchar(100) not null, "display" varchar(100) not null, "searcher" varchar(64) not null, "hour" timestamptz not null, constraint "search_queries_pkey" primary key ("hour", "query", "searcher"));`);
    this.addSql(`create index "search_queries_query_index" on "search_queries" ("query" text_pattern_ops, "hour");`);

    this.addSql(`create table "notifications" ("id" uuid not null, "user_id" uuid not null, "type" varchar(40) not null, "title" varchar(200) not null, "message" varchar(1000) not null, "link" jsonb null, "dedupe_key" varchar(200) not null, "read" boolean not null default false, "created_at" timestamptz not null default now(), constraint "notifications_pkey" primary key ("id"));`);
    this.addSql(`create unique index "notifications_dedupe_unique" on "notifications" ("user_id", "dedupe_key");`);
    this.addSql(`create index "notifications_user_created_index" on "notifications" ("user_id", "created_at" desc, "id" desc);`);
    this.addSql(`create index "notifications_unread_index" on "notifications" ("user_id") where not read;`);
    this.addSql(`create index "notifications_dedupe_index" on "notifications" ("dedupe_key");`);

    // Users and media that exist already: the directory, the index and its words, as the event handlers would write them.
    this.addSql(`insert into "social_users" ("user_id", "username", "full_name", "is_premium", "creator_program", "listed", "joined_at")
      select u."id", u."display_name", trim(coalesce(u."first_name", '') || ' ' || coalesce(u."last_name", '')), u."is_premium", u."creator_program",
             u."status" = 'active' and a."id" is not null and coalesce(a."privacy_settings"->>'profile_visibility', 'public') <> 'private', u."created_at"
        from "users" u left join "accounts" a on a."user_id" = u."id" and a."is_primary" and a."deleted_at" is null
      on conflict do nothing;`);
    this.addSql(`insert into "content_index" ("kind", "ref_id", "owner_user_id", "account_id", "title", "body", "visibility", "popularity", "published_at")
      select 'user', su."user_id", su."user_id", a."id", su."username", su."full_name", case when su."listed" then 'public' else 'private' end, 0, su."joined_at"
        from "social_users" su left join "accounts" a on a."user_id" = su."user_id" and a."is_primary" and a."deleted_at" is null
      on conflict do nothing;`);
    this.addSql(`insert into "content_index" ("kind", "ref_id", "owner_user_id", "account_id", "title", "body", "visibility", "popularity", "published_at")
      select m."kind", m."id", m."user_id", m."account_id", left(m."title", 300),
             left(trim(coalesce(m."description", '') || ' ' || coalesce((select string_agg(t, ' ') from jsonb_array_elements_text(m."tags"::jsonb) t), '')), 5000),
             case when coalesce(a."privacy_settings"->>'profile_visibility', 'public') = 'private' then 'private' else coalesce(a."privacy_settings"->>'video_visibility', 'public') end,
             m."views", m."created_at"
        from "media" m join "accounts" a on a."id" = m."account_id" and a."deleted_at" is null
       where m."status" = 'ready' and m."kind" in ('video', 'reel')
      on conflict do nothing;`);
    this.addSql(`insert into "search_words" ("word")
      select distinct w from "content_index", unnest(tsvector_to_array(to_tsvector('simple', "title_folded"))) w where length(w) between 3 and 100
      on conflict do nothing;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "notifications";`);
    this.addSql(`drop table if exists "search_queries";`);
    this.addSql(`drop table if exists "search_words";`);
    this.addSql(`drop table if exists "content_index";`);
    this.addSql(`drop table if exists "social_users";`);
    this.addSql(`drop table if exists "follows";`);
    this.addSql(`drop function if exists scriven_fold(text);`);
    this.addSql(`drop table if exists "event_outbox";`);
  }

}
