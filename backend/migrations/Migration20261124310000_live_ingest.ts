import { Migration } from '@mikro-orm/migrations';

/**
 * Live ingest (issue 13, second part): each user's RTMP stream key, and per stream whether its owner wants the
 * recording kept (`record`, default true) and the video it became (`recording_media_id`, set once).
 *
 * The key is stored twice, never in the clear: `key_hash` (SHA-256, unique) finds the user of a key given at
 * `publish`, `key_sealed` (AES-256-GCM with the server's at-rest key) shows it to its owner again. Written with SQL by
 * the live context (SQL_OWNED_TABLES in orm.ts).
 */
export class Migration20261124310000_live_ingest extends Migration {

  override name = 'Migration20261124310000_live_ingest';

  override up(): void | Promise<void> {
    this.addSql(`create table "live_stream_keys" ("user_id" uuid not null references "users" ("id") on delete cascade, "key_hash" bytea not null, "key_sealed" text not null, "created_at" timestamptz not null, constraint "live_stream_keys_pkey" primary key ("user_id"), constraint "live_stream_keys_hash_unique" unique ("key_hash"));`);
    this.addSql(`alter table "live_streams" add column "record" boolean not null default true, add column "recording_media_id" uuid null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "live_streams" drop column if exists "record", drop column if exists "recording_media_id";`);
    this.addSql(`drop table if exists "live_stream_keys" cascade;`);
  }

}
