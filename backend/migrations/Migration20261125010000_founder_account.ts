import { Migration } from '@mikro-orm/migrations';

/**
 * The founder (SQL-owned, product.md §11): one row, every credential stored as an argon2id hash of its normal form
 * only, and a token version (setting the founder up again bumps it, so earlier founder tokens stop working). The
 * founder sign-in's lockout (one row: failures in the current 15-minute window, and the lock's end). Platform
 * withdrawals note who asked: an administrator (a user id) or the founder (the founder's id).
 */
export class Migration20261125010000_founder_account extends Migration {

  override name = 'Migration20261125010000_founder_account';

  override up(): void | Promise<void> {
    this.addSql(`create table "founder_account" (
      "id" uuid not null primary key,
      "singleton" boolean not null default true,
      "email_hash" text not null,
      "phone_hash" text not null,
      "license_number_hash" text not null,
      "username_hash" text not null,
      "master_key_hash" text not null,
      "token_version" int not null default 0,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      constraint "founder_account_one" unique ("singleton"),
      constraint "founder_account_singleton" check ("singleton")
    );`);
    this.addSql(`create table "founder_sign_in_guard" (
      "id" int not null default 1 primary key,
      "attempts" timestamptz[] not null default '{}',
      "checked_at" timestamptz not null,
      "locked_until" timestamptz null,
      "refused" boolean not null default false,
      constraint "founder_sign_in_guard_one" check ("id" = 1)
    );`);
    this.addSql(`alter table "platform_withdrawals" add column "requested_by_kind" varchar(10) not null default 'admin';`);
    this.addSql(`alter table "platform_withdrawals" add constraint "platform_withdrawals_requested_by_kind" check ("requested_by_kind" in ('admin', 'founder'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "platform_withdrawals" drop column if exists "requested_by_kind";`);
    this.addSql(`drop table if exists "founder_sign_in_guard";`);
    this.addSql(`drop table if exists "founder_account";`);
  }

}
