import { Migration } from '@mikro-orm/migrations';

/**
 * Gaming community posts (issue 15; social context, SQL_OWNED_TABLES in orm.ts).
 *
 * - `community_posts`: a post about a game (discussion, review, guide, clip with one of its author's videos), its
 *   like and comment counters (moved in the same transaction as the rows they count), and `removed_at` (moderation:
 *   hidden from everyone until restored; `restored_at` the last restoration, so that a late removal event older than it
 *   changes nothing). The list reads newest first, all posts, one game's (any case) or one type's.
 * - `community_post_likes`: one per user and post (the primary key).
 * - `community_post_comments`: oldest first per post.
 * Author ids are users' ids (no foreign key across contexts: a deleted user's posts, likes and comments are removed
 * by social's directory sync).
 */
export class Migration20261124520000_community_posts extends Migration {

  override name = 'Migration20261124520000_community_posts';

  override up(): void | Promise<void> {
    this.addSql(`create table "community_posts" ("id" uuid not null, "author_id" uuid not null, "title" varchar(150) not null, "content" varchar(10000) not null, "game" varchar(100) not null, "post_type" varchar(20) not null default 'discussion', "video_id" uuid null, "likes" int not null default 0, "comments" int not null default 0, "created_at" timestamptz not null, "removed_at" timestamptz null, "restored_at" timestamptz null, constraint "community_posts_pkey" primary key ("id"), constraint "community_posts_type_check" check ("post_type" in ('discussion', 'review', 'guide', 'clip')), constraint "community_posts_video_check" check ("video_id" is null or "post_type" = 'clip'), constraint "community_posts_title_check" check (length(btrim("title")) > 0), constraint "community_posts_game_check" check (length(btrim("game")) > 0), constraint "community_posts_content_check" check (length(btrim("content")) > 0), constraint "community_posts_counts_check" check ("likes" >= 0 and "comments" >= 0));`);
    this.addSql(`create index "community_posts_newest_index" on "community_posts" ("created_at" desc, "id" desc) where "removed_at" is null;`);
    this.addSql(`create index "community_posts_game_index" on "community_posts" (lower("game"), "created_at" desc, "id" desc) where "removed_at" is null;`);
    this.addSql(`create index "community_posts_type_index" on "community_posts" ("post_type", "created_at" desc, "id" desc) where "removed_at" is null;`);
    this.addSql(`create index "community_posts_author_index" on "community_posts" ("author_id", "created_at" desc);`);

    this.addSql(`create table "community_post_likes" ("post_id" uuid not null references "community_posts" ("id") on delete cascade, "user_id" uuid not null, "created_at" timestamptz not null, constraint "community_post_likes_pkey" primary key ("post_id", "user_id"));`);
    this.addSql(`create index "community_post_likes_user_index" on "community_post_likes" ("user_id");`);

    this.addSql(`create table "community_post_comments" ("id" uuid not null, "post_id" uuid not null references "community_posts" ("id") on delete cascade, "author_id" uuid not null, "content" varchar(2000) not null, "created_at" timestamptz not null, constraint "community_post_comments_pkey" primary key ("id"), constraint "community_post_comments_content_check" check (length(btrim("content")) > 0));`);
    this.addSql(`create index "community_post_comments_post_index" on "community_post_comments" ("post_id", "created_at", "id");`);
    this.addSql(`create index "community_post_comments_author_index" on "community_post_comments" ("author_id", "created_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "community_post_comments" cascade;`);
    this.addSql(`drop table if exists "community_post_likes" cascade;`);
    this.addSql(`drop table if exists "community_posts" cascade;`);
  }

}
