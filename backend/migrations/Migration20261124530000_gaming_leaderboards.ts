import { Migration } from '@mikro-orm/migrations';

/**
 * Gaming leaderboards (issue 15): Top Streamers count each stream's audience, which `live_presence` forgets as soon as
 * a page closes. `live_stream_viewers` keeps who ever opened a stream: one row per stream and viewer (a signed-in
 * user's id, a visitor's per-stream address key, see presence-sql.ts visitorKey), written when a page joins the
 * stream's room. A stream's total viewers is its number of rows, its owner not counted. The rows go with the stream.
 */
export class Migration20261124530000_gaming_leaderboards extends Migration {

  override name = 'Migration20261124530000_gaming_leaderboards';

  override up(): void | Promise<void> {
    this.addSql(`create table "live_stream_viewers" ("stream_id" uuid not null references "live_streams" ("id") on delete cascade, "viewer_key" uuid not null, "first_seen_at" timestamptz not null default now(), constraint "live_stream_viewers_pkey" primary key ("stream_id", "viewer_key"));`);
    this.addSql(`create index "live_streams_gaming_user_index" on "live_streams" ("user_id") where "game" is not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "live_streams_gaming_user_index";`);
    this.addSql(`drop table if exists "live_stream_viewers" cascade;`);
  }

}
