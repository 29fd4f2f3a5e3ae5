import { Migration } from '@mikro-orm/migrations';

export class Migration20261123230546_channel_popular_index extends Migration {

  override name = 'Migration20261123230546_channel_popular_index';

  override up(): void | Promise<void> {
    this.addSql(`create index "media_account_popular_index" on "media" ("account_id", "kind", "views", "id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "media_account_popular_index";`);
  }

}
