import { Migration } from '@mikro-orm/migrations';

export class Migration20261121033909_accounts_feedback extends Migration {

  override name = 'Migration20261121033909_accounts_feedback';

  override up(): void | Promise<void> {
    this.addSql(`create table "feedback" ("id" uuid not null, "user_id" uuid null, "message" text not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "feedback_created_at_index" on "feedback" ("created_at", "id");`);
    this.addSql(`create index "feedback_user_id_index" on "feedback" ("user_id", "created_at");`);

    this.addSql(`alter table "accounts" drop column "profile_photo_url";`);
    this.addSql(`alter table "accounts" add "photo_key" varchar(200) null, add "deleted_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "feedback" cascade;`);

    this.addSql(`alter table "accounts" drop column "photo_key", drop column "deleted_at";`);
    this.addSql(`alter table "accounts" add "profile_photo_url" varchar(500) null;`);
  }

}
