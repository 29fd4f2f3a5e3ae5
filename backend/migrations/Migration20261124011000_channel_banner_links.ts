import { Migration } from '@mikro-orm/migrations';

export class Migration20261124011000_channel_banner_links extends Migration {

  override name = 'Migration20261124011000_channel_banner_links';

  override up(): void | Promise<void> {
    this.addSql(`alter table "accounts" add "banner_key" varchar(200) null, add "links" jsonb not null default '[]';`);
    this.addSql(`alter table "accounts" alter column "links" drop default;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "accounts" drop column "banner_key", drop column "links";`);
  }

}
