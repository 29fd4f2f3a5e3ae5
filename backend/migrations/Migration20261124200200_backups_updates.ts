import { Migration } from '@mikro-orm/migrations';

/**
 * Backups and updates (SQL-owned): `backups` lists what is in DATA_DIR/backups with its verification; `system_state`
 * keeps the instance's key/value state (the installed version, the backup settings).
 */
export class Migration20261124200200_backups_updates extends Migration {

  override name = 'Migration20261124200200_backups_updates';

  override up(): void | Promise<void> {
    this.addSql(`create table "backups" (
      "name" varchar(100) not null primary key,
      "path" text not null,
      "size_bytes" bigint not null,
      "created_at" timestamptz not null,
      "created_by" uuid null,
      "kind" varchar(16) not null check ("kind" in ('manual', 'scheduled', 'pre_update')),
      "verify_status" varchar(16) not null default 'pending' check ("verify_status" in ('pending', 'verified', 'failed')),
      "verify_error" text null,
      "verified_at" timestamptz null
    );`);
    this.addSql(`create index "backups_created_at_index" on "backups" ("created_at" desc, "name");`);
    this.addSql(`create table "system_state" (
      "key" varchar(64) not null primary key,
      "value" jsonb not null,
      "updated_at" timestamptz not null default now()
    );`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "backups";`);
    this.addSql(`drop table if exists "system_state";`);
  }

}
