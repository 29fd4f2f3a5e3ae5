import { Migration } from '@mikro-orm/migrations';

/** The admin console's audit log (SQL-owned): one row per admin action, written once. */
export class Migration20261124200000_admin_audit_log extends Migration {

  override name = 'Migration20261124200000_admin_audit_log';

  override up(): void | Promise<void> {
    this.addSql(`create table "admin_audit_log" (
      "id" uuid not null primary key,
      "seq" bigserial not null,
      "admin_user_id" uuid not null,
      "admin_username" varchar(255) null,
      "action" varchar(64) not null,
      "target" text null,
      "detail" jsonb null,
      "created_at" timestamptz not null
    );`);
    this.addSql(`create index "admin_audit_log_created_index" on "admin_audit_log" ("created_at" desc, "seq" desc);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "admin_audit_log";`);
  }

}
