import { Migration } from '@mikro-orm/migrations';

/**
 * Browser games of the gaming hub (issue 15): the catalog's playable games, their play sessions, scores, per-period
 * bests (the leaderboards) and ratings. SQL-owned (SQL_OWNED_TABLES in orm.ts).
 *
 * - `games`: the built-in games, inserted here (they are code the frontend runs: each names its `engine`), with their
 *   counters: `plays` (sessions started), `players` (distinct users who finished one), `rating_sum`/`rating_count`.
 * - `game_sessions`: one per play; a score is accepted once per session (`submitted_at`), in its time window. Sessions
 *   that never got a score are purged a day after they started (the partial index finds them).
 * - `game_scores`: every accepted score.
 * - `game_best_scores`: each player's best per game and period ('day' | 'week' | 'all', from `period_start`, UTC; 'all'
 *   starts 1970-01-01). The index serves the top 10 as an index scan.
 * - `game_score_counts`: how many players have each best score per game and period (at most max points + 1 rows), so
 *   a player's rank (1 + players with a better best) is a sum over a few hundred rows, whatever the number of players.
 * - `game_ratings`: one rating (1..5) per user and game, changeable.
 */
export class Migration20261124500000_games extends Migration {

  override name = 'Migration20261124500000_games';

  override up(): void | Promise<void> {
    this.addSql(`create table "games" ("id" uuid not null, "slug" varchar(50) not null, "name" varchar(100) not null, "description" varchar(1000) not null, "thumbnail" varchar(200) not null, "category" varchar(50) not null, "engine" varchar(20) not null, "engine_options" jsonb not null default '{}', "max_points_per_second" int not null, "duration_seconds" int not null default 30, "plays" bigint not null default 0, "players" int not null default 0, "rating_sum" int not null default 0, "rating_count" int not null default 0, "created_at" timestamptz not null default now(), constraint "games_pkey" primary key ("id"), constraint "games_slug_unique" unique ("slug"), constraint "games_engine_check" check ("engine" in ('target', 'reaction')), constraint "games_max_points_check" check ("max_points_per_second" > 0), constraint "games_duration_check" check ("duration_seconds" > 0));`);
    this.addSql(`insert into "games" ("id", "slug", "name", "description", "thumbnail", "category", "engine", "engine_options", "max_points_per_second", "duration_seconds") values
      ('6a3c1f0e-5b1d-4e7a-9c01-0a0000000001', 'target-rush', 'Target Rush', 'Targets pop up one at a time: click each as fast as you can. A hit within 0.4 s scores 10 points, one point less for every further 0.15 s (at least 1); a miss scores nothing. 30 seconds.', '/games/target-rush.svg', 'Arcade', 'target', '{}', 25, 30),
      ('6a3c1f0e-5b1d-4e7a-9c01-0a0000000002', 'pixel-sniper', 'Pixel Sniper', 'Target Rush with tiny targets: aim true and fast. A hit within 0.4 s scores 10 points, one point less for every further 0.15 s (at least 1); a miss scores nothing. 30 seconds.', '/games/pixel-sniper.svg', 'Shooter', 'target', '{"size":"small"}', 25, 30),
      ('6a3c1f0e-5b1d-4e7a-9c01-0a0000000003', 'reflex', 'Reflex', 'Wait for the pad to turn green (1 to 3 seconds), then click: the faster, the more points (10 minus one per 50 ms). Clicking too early scores nothing and restarts the wait. 30 seconds.', '/games/reflex.svg', 'Reaction', 'reaction', '{}', 10, 30);`);
    this.addSql(`create index "games_plays_index" on "games" ("plays" desc, "name");`);

    this.addSql(`create table "game_sessions" ("id" uuid not null, "game_id" uuid not null references "games" ("id") on delete cascade, "user_id" uuid not null, "started_at" timestamptz not null, "ends_at" timestamptz not null, "submitted_at" timestamptz null, "score" int null, constraint "game_sessions_pkey" primary key ("id"), constraint "game_sessions_score_check" check ("score" is null or "score" >= 0));`);
    this.addSql(`create index "game_sessions_user_index" on "game_sessions" ("user_id", "started_at" desc);`);
    this.addSql(`create index "game_sessions_unscored_index" on "game_sessions" ("started_at") where "submitted_at" is null;`);

    this.addSql(`create table "game_scores" ("id" bigint generated always as identity, "game_id" uuid not null references "games" ("id") on delete cascade, "user_id" uuid not null, "session_id" uuid not null, "score" int not null, "achieved_at" timestamptz not null, constraint "game_scores_pkey" primary key ("id"), constraint "game_scores_session_unique" unique ("session_id"), constraint "game_scores_score_check" check ("score" >= 0));`);
    this.addSql(`create index "game_scores_user_index" on "game_scores" ("user_id", "game_id", "achieved_at" desc);`);

    this.addSql(`create table "game_best_scores" ("game_id" uuid not null references "games" ("id") on delete cascade, "kind" varchar(4) not null, "period_start" date not null, "user_id" uuid not null, "best_score" int not null, "achieved_at" timestamptz not null, constraint "game_best_scores_pkey" primary key ("game_id", "kind", "period_start", "user_id"), constraint "game_best_scores_kind_check" check ("kind" in ('day', 'week', 'all')));`);
    this.addSql(`create index "game_best_scores_rank_index" on "game_best_scores" ("game_id", "kind", "period_start", "best_score" desc, "achieved_at", "user_id");`);

    this.addSql(`create table "game_score_counts" ("game_id" uuid not null references "games" ("id") on delete cascade, "kind" varchar(4) not null, "period_start" date not null, "score" int not null, "players" int not null, constraint "game_score_counts_pkey" primary key ("game_id", "kind", "period_start", "score"));`);

    this.addSql(`create table "game_ratings" ("game_id" uuid not null references "games" ("id") on delete cascade, "user_id" uuid not null, "rating" smallint not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "game_ratings_pkey" primary key ("game_id", "user_id"), constraint "game_ratings_rating_check" check ("rating" between 1 and 5));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "game_ratings" cascade;`);
    this.addSql(`drop table if exists "game_score_counts" cascade;`);
    this.addSql(`drop table if exists "game_best_scores" cascade;`);
    this.addSql(`drop table if exists "game_scores" cascade;`);
    this.addSql(`drop table if exists "game_sessions" cascade;`);
    this.addSql(`drop table if exists "games" cascade;`);
  }

}
