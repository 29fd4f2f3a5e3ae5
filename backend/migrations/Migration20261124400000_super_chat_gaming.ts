import { Migration } from '@mikro-orm/migrations';

/**
 * Super Chat and gaming streams (issue 13, last server part).
 *
 * - `live_super_chats`: the paid Super Chats of a stream, written by the live context inside the payment's fulfilment
 *   transaction (SQL_OWNED_TABLES in orm.ts). One per payment session (`payment_session_id` unique): a replayed
 *   fulfilment records nothing twice. The money itself is the ledger's.
 * - `ledger_transactions.reference`: what a transaction is for when its kind needs it (a Super Chat's stream id), so
 *   a stream's Super Chat revenue is read from the ledger in one grouped query for a page of streams.
 * - `live_streams.game`: a gaming stream is a live stream with a game (null for the others).
 */
export class Migration20261124400000_super_chat_gaming extends Migration {

  override name = 'Migration20261124400000_super_chat_gaming';

  override up(): void | Promise<void> {
    this.addSql(`alter table "live_streams" add column "game" varchar(100) null, add constraint "live_streams_game_check" check ("game" is null or length(btrim("game")) > 0);`);
    this.addSql(`create index "live_streams_gaming_open_index" on "live_streams" ("created_at" desc, "id" desc) where "status" <> 'ended' and "game" is not null;`);

    this.addSql(`create table "live_super_chats" ("id" uuid not null, "seq" bigint generated always as identity, "stream_id" uuid not null references "live_streams" ("id") on delete cascade, "user_id" uuid not null, "username" varchar(100) not null, "package_id" varchar(10) not null, "amount_cents" int not null, "message" varchar(200) not null, "payment_session_id" varchar(255) not null, "created_at" timestamptz not null, "pinned_until" timestamptz not null, constraint "live_super_chats_pkey" primary key ("id"), constraint "live_super_chats_session_unique" unique ("payment_session_id"), constraint "live_super_chats_package_check" check ("package_id" in ('small', 'medium', 'large', 'mega')), constraint "live_super_chats_amount_check" check ("amount_cents" > 0), constraint "live_super_chats_message_check" check (length(btrim("message")) > 0));`);
    this.addSql(`create index "live_super_chats_stream_index" on "live_super_chats" ("stream_id", "seq" desc);`);

    this.addSql(`alter table "ledger_transactions" add column "reference" varchar(100) null;`);
    this.addSql(`create index "ledger_transactions_reference_index" on "ledger_transactions" ("kind", "reference") where "reference" is not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "ledger_transactions_reference_index";`);
    this.addSql(`alter table "ledger_transactions" drop column if exists "reference";`);
    this.addSql(`drop table if exists "live_super_chats" cascade;`);
    this.addSql(`drop index if exists "live_streams_gaming_open_index";`);
    this.addSql(`alter table "live_streams" drop constraint if exists "live_streams_game_check", drop column if exists "game";`);
  }

}
