import { Migration } from '@mikro-orm/migrations';

/**
 * Moderation can remove media: status `removed` (hidden from everyone, the owner too), when it was removed and
 * restored, and the purge of its files (asked for, done) with a partial index for the purge job's sweeper.
 */
export class Migration20261124100100_media_removed extends Migration {

  override name = 'Migration20261124100100_media_removed';

  override up(): void | Promise<void> {
    this.addSql(`alter table "media" drop constraint if exists "media_status_check";`);
    this.addSql(`alter table "media" add constraint "media_status_check" check ("status" in ('processing', 'ready', 'failed', 'removed'));`);
    this.addSql(`alter table "media" add column "removed_at" timestamptz null, add column "restored_at" timestamptz null, add column "purge_requested_at" timestamptz null, add column "files_purged_at" timestamptz null;`);
    this.addSql(`create index "media_purge_pending_index" on "media" ("purge_requested_at") where purge_requested_at is not null and files_purged_at is null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "media_purge_pending_index";`);
    this.addSql(`alter table "media" drop column "removed_at", drop column "restored_at", drop column "purge_requested_at", drop column "files_purged_at";`);
    this.addSql(`alter table "media" drop constraint if exists "media_status_check";`);
    this.addSql(`update "media" set "status" = 'failed' where "status" = 'removed';`);
    this.addSql(`alter table "media" add constraint "media_status_check" check ("status" in ('processing', 'ready', 'failed'));`);
  }

}
