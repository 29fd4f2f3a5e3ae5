import { Migration } from '@mikro-orm/migrations';

/**
 * Tournaments of the gaming hub (issue 15), SQL-owned (SQL_OWNED_TABLES in orm.ts).
 *
 * - `tournaments`: status 'open' -> 'in_progress' -> 'completed', or 'open' -> 'cancelled'. Money in cents (the API
 *   shows decimal strings). `bracket`: the single-elimination bracket's whole state (brackets-manager's data, with the
 *   match ids the API shows), written under the row's lock; null until the tournament starts. `participants_count`
 *   moves with the participants in the same transaction (a join locks the row, so a full tournament takes no more).
 * - `tournament_participants`: one row per user and tournament (the primary key), `seed` set when it starts.
 * - `tournament_match_reports`: the players' reports of a match (one per player and match, changeable).
 */
export class Migration20261124510000_tournaments extends Migration {

  override name = 'Migration20261124510000_tournaments';

  override up(): void | Promise<void> {
    this.addSql(`create table "tournaments" ("id" uuid not null, "name" varchar(100) not null, "game" varchar(100) not null, "description" varchar(2000) not null default '', "entry_fee_cents" int not null default 0, "prize_pool_cents" bigint not null, "max_participants" int not null default 32, "participants_count" int not null default 0, "start_date" timestamptz not null, "status" varchar(20) not null default 'open', "organizer_id" uuid not null, "champion_id" uuid null, "bracket" jsonb null, "cancel_reason" varchar(500) null, "created_at" timestamptz not null, "started_at" timestamptz null, "completed_at" timestamptz null, "cancelled_at" timestamptz null, constraint "tournaments_pkey" primary key ("id"), constraint "tournaments_status_check" check ("status" in ('open', 'in_progress', 'completed', 'cancelled')), constraint "tournaments_fee_check" check ("entry_fee_cents" between 0 and 1000000), constraint "tournaments_prize_check" check ("prize_pool_cents" between 0 and 100000000), constraint "tournaments_max_check" check ("max_participants" between 2 and 256), constraint "tournaments_count_check" check ("participants_count" between 0 and "max_participants"), constraint "tournaments_name_check" check (length(btrim("name")) > 0), constraint "tournaments_game_check" check (length(btrim("game")) > 0));`);
    this.addSql(`create index "tournaments_open_start_index" on "tournaments" ("start_date", "id") where "status" = 'open';`);
    this.addSql(`create index "tournaments_created_index" on "tournaments" ("created_at" desc, "id" desc);`);
    this.addSql(`create index "tournaments_champion_index" on "tournaments" ("champion_id") where "status" = 'completed';`);

    this.addSql(`create table "tournament_participants" ("tournament_id" uuid not null references "tournaments" ("id") on delete cascade, "user_id" uuid not null, "seq" bigint generated always as identity, "seed" int null, "joined_at" timestamptz not null, constraint "tournament_participants_pkey" primary key ("tournament_id", "user_id"));`);
    this.addSql(`create index "tournament_participants_user_index" on "tournament_participants" ("user_id");`);

    this.addSql(`create table "tournament_match_reports" ("tournament_id" uuid not null references "tournaments" ("id") on delete cascade, "match_id" uuid not null, "by_user_id" uuid not null, "winner_id" uuid not null, "score1" int null, "score2" int null, "created_at" timestamptz not null, constraint "tournament_match_reports_pkey" primary key ("tournament_id", "match_id", "by_user_id"), constraint "tournament_match_reports_score_check" check (("score1" is null or "score1" between 0 and 999) and ("score2" is null or "score2" between 0 and 999)));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "tournament_match_reports" cascade;`);
    this.addSql(`drop table if exists "tournament_participants" cascade;`);
    this.addSql(`drop table if exists "tournaments" cascade;`);
  }

}
