import { Migration } from '@mikro-orm/migrations';

/**
 * The founder's system controls (SQL-owned, owned by the founder context): one row per control, e.g.
 * `maintenance_mode` = `{ "on": true, "reason": "…", "since": "…" }`. Read by every server process
 * (common/maintenance), written only by the founder's emergency actions.
 */
export class Migration20261125020000_system_controls extends Migration {

  override name = 'Migration20261125020000_system_controls';

  override up(): void | Promise<void> {
    this.addSql(`create table "system_controls" (
      "name" varchar(64) not null primary key,
      "value" jsonb not null,
      "updated_at" timestamptz not null
    );`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "system_controls";`);
  }

}
