import { Migration } from '@mikro-orm/migrations';

/**
 * Podcast resume points live in media_watch_progress (with the videos' and movies'); an episode heard to its end is
 * marked finished (its position back at 0), so the player can say so and start it again from the top.
 */
export class Migration20261127010000_listening_progress extends Migration {
  override name = 'Migration20261127010000_listening_progress';

  override async up(): Promise<void> {
    this.addSql(`alter table "media_watch_progress" add column "finished_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "media_watch_progress" drop column "finished_at";`);
  }
}
