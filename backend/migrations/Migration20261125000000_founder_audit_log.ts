import { Migration } from '@mikro-orm/migrations';

/** The founder's audit log (SQL-owned): one row per founder action (sign-ins and refusals included), written once. */
export class Migration20261125000000_founder_audit_log extends Migration {

  override name = 'Migration20261125000000_founder_audit_log';

  override up(): void | Promise<void> {
    this.addSql(`create table "founder_audit_log" (
      "id" uuid not null primary key,
      "seq" bigserial not null,
      "action" varchar(64) not null,
      "target" text null,
      "detail" jsonb null,
      "address" varchar(64) null,
      "created_at" timestamptz not null
    );`);
    this.addSql(`create index "founder_audit_log_created_index" on "founder_audit_log" ("created_at" desc, "seq" desc);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "founder_audit_log";`);
  }

}
