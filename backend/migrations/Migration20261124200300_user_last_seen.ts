import { Migration } from '@mikro-orm/migrations';

/**
 * When a user was last seen (an authenticated request, written at most once a minute per user and process): the
 * admin console's "active users" counts those seen in the last 15 minutes.
 */
export class Migration20261124200300_user_last_seen extends Migration {

  override name = 'Migration20261124200300_user_last_seen';

  override up(): void | Promise<void> {
    this.addSql(`alter table "users" add column "last_seen_at" timestamptz null;`);
    this.addSql(`create index "users_last_seen_at_index" on "users" ("last_seen_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "users_last_seen_at_index";`);
    this.addSql(`alter table "users" drop column "last_seen_at";`);
  }

}
