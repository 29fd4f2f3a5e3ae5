import { Migration } from '@mikro-orm/migrations';

/**
 * Comment pages read in index order: each comment index ends with the id that breaks ties in the page order, and the
 * top-level ones are partial (`where parent_id is null`), which the planner needs to use their order.
 */
export class Migration20261124013000_comment_page_indexes extends Migration {

  override name = 'Migration20261124013000_comment_page_indexes';

  override up(): void | Promise<void> {
    this.addSql(`drop index "media_comments_thread_index";`);
    this.addSql(`drop index "media_comments_replies_index";`);
    this.addSql(`drop index "media_comments_top_index";`);
    this.addSql(`create index "media_comments_thread_index" on "media_comments" ("media_id", "created_at", "id") where parent_id is null;`);
    this.addSql(`create index "media_comments_replies_index" on "media_comments" ("parent_id", "created_at", "id");`);
    this.addSql(`create index "media_comments_top_index" on "media_comments" ("media_id", "like_count", "created_at", "id") where parent_id is null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "media_comments_thread_index";`);
    this.addSql(`drop index "media_comments_replies_index";`);
    this.addSql(`drop index "media_comments_top_index";`);
    this.addSql(`create index "media_comments_thread_index" on "media_comments" ("media_id", "parent_id", "created_at");`);
    this.addSql(`create index "media_comments_replies_index" on "media_comments" ("parent_id", "created_at");`);
    this.addSql(`create index "media_comments_top_index" on "media_comments" ("media_id", "parent_id", "like_count", "created_at");`);
  }

}
