import { Migration } from '@mikro-orm/migrations';

/**
 * Viewers' ratings of movies (1 to 5 stars, one per viewer), and each movie's sum and count of them, moved in the
 * same transaction as each rating, so its average is read without aggregating.
 */
export class Migration20261124010000_movie_ratings extends Migration {

  override name = 'Migration20261124010000_movie_ratings';

  override up(): void | Promise<void> {
    this.addSql(`create table "movie_ratings" ("media_id" uuid not null, "user_id" uuid not null, "stars" smallint not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("media_id", "user_id"), constraint "movie_ratings_stars_check" check (((stars >= 1) AND (stars <= 5))));`);
    this.addSql(`alter table "media" add "rating_sum" int not null default 0, add "rating_count" int not null default 0;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "movie_ratings" cascade;`);
    this.addSql(`alter table "media" drop column "rating_sum", drop column "rating_count";`);
  }

}
