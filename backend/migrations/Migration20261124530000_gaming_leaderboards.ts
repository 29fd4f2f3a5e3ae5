import { Migration } from '@mikro-orm/migrations';

/**
 * Gaming leaderboards (issue 15): Top Streamers count each stream's audience, which `live_presence` forgets as soon as
 * a page closes. `live_stream_viewers` keeps who ever opened a stream: one row per stream and viewer (a signed-in
 * user's id, a visitor's per-stream address key, see presence-sql.ts visitorKey), written when a page joins the
 * stream's room (a visitor's key is keyed with the server's secret, so the address cannot be recovered from the
 * database alone); its owner is never added. `live_streams.total_viewers` is its number of rows, moved in the same
 * statement as each new row, so that Top Streamers sums one figure per stream (an index on the gaming streams by
 * streamer, carrying it) instead of counting every audience per request. The rows go with the stream.
 */
export class Migration20261124530000_gaming_leaderboards extends Migration {

  override name = 'Migration20261124530000_gaming_leaderboards';

  override up(): void | Promise<void> {
    this.addSql(`create table "live_stream_viewers" ("stream_id" uuid not null references "live_streams" ("id") on delete cascade, "viewer_key" uuid not null, "first_seen_at" timestamptz not null default now(), constraint "live_stream_viewers_pkey" primary key ("stream_id", "viewer_key"));`);
    this.addSql(`alter table "live_streams" add column "total_viewers" int not null default 0, add constraint "live_streams_total_viewers_check" check ("total_viewers" >= 0);`);
    this.addSql(`create index "live_streams_gaming_user_index" on "live_streams" ("user_id") include ("total_viewers") where "game" is not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "live_streams_gaming_user_index";`);
    this.addSql(`alter table "live_streams" drop column if exists "total_viewers";`);
    this.addSql(`drop table if exists "live_stream_viewers" cascade;`);
  }

}
