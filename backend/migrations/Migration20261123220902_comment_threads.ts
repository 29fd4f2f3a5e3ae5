import { Migration } from '@mikro-orm/migrations';

export class Migration20261123220902_comment_threads extends Migration {

  override name = 'Migration20261123220902_comment_threads';

  override up(): void | Promise<void> {
    this.addSql(`create table "media_comment_likes" ("comment_id" uuid not null, "user_id" uuid not null, "created_at" timestamptz not null, primary key ("comment_id", "user_id"));`);

    this.addSql(`drop index "media_comments_media_index";`);
    this.addSql(`alter table "media_comments" add "parent_id" uuid null, add "like_count" int not null default 0, add "reply_count" int not null default 0, add "edited_at" timestamptz null;`);
    this.addSql(`create index "media_comments_thread_index" on "media_comments" ("media_id", "parent_id", "created_at");`);
    this.addSql(`create index "media_comments_replies_index" on "media_comments" ("parent_id", "created_at");`);
    this.addSql(`create index "media_comments_top_index" on "media_comments" ("media_id", "parent_id", "like_count", "created_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "media_comment_likes" cascade;`);

    this.addSql(`drop index "media_comments_thread_index";`);
    this.addSql(`drop index "media_comments_replies_index";`);
    this.addSql(`drop index "media_comments_top_index";`);
    this.addSql(`alter table "media_comments" drop column "parent_id", drop column "like_count", drop column "reply_count", drop column "edited_at";`);
    this.addSql(`create index "media_comments_media_index" on "media_comments" ("media_id", "created_at");`);
  }

}
