import { Migration } from '@mikro-orm/migrations';

/**
 * App tokens (SQL-owned): what a user's music apps sign in to the Subsonic API (/rest) with, never the account
 * password. The token is kept sealed (AES-256-GCM under the server's at-rest key: Subsonic's t = md5(token + salt)
 * needs it in the clear on the server) and found by its SHA-256. A deleted user's tokens go with them.
 */
export class Migration20261127020000_app_tokens extends Migration {

  override name = 'Migration20261127020000_app_tokens';

  override up(): void | Promise<void> {
    this.addSql(`create table "app_tokens" (
      "id" uuid not null primary key,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "name" varchar(60) not null check (char_length("name") between 1 and 60),
      "token_sealed" text not null,
      "token_hash" char(64) not null unique,
      "created_at" timestamptz not null,
      "last_used_at" timestamptz null
    );`);
    this.addSql(`create index "app_tokens_user_index" on "app_tokens" ("user_id", "created_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "app_tokens";`);
  }

}
