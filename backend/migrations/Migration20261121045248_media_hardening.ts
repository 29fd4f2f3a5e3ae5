import { Migration } from '@mikro-orm/migrations';

export class Migration20261121045248_media_hardening extends Migration {

  override name = 'Migration20261121045248_media_hardening';

  override up(): void | Promise<void> {
    this.addSql(`create index "media_thumbnail_index" on "media" ("thumbnail_key");`);

    // Existing rows get now(); the column has no default afterwards, as in the entity.
    this.addSql(`alter table "media_watch_time" add "last_beat_at" timestamptz not null default now();`);
    this.addSql(`alter table "media_watch_time" alter column "last_beat_at" drop default;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "media_thumbnail_index";`);

    this.addSql(`alter table "media_watch_time" drop column "last_beat_at";`);
  }

}
