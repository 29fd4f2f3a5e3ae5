import { Migration } from '@mikro-orm/migrations';

/**
 * The instance's branding (SQL-owned, one row at most): the uploaded logo's icon set version (its content hash), the
 * colour behind its maskable icons and when it was set. No row: the default text logo and its built-in icons.
 */
export class Migration20261125030000_branding extends Migration {

  override name = 'Migration20261125030000_branding';

  override up(): void | Promise<void> {
    this.addSql(`create table "branding" (
      "id" smallint not null default 1 primary key check ("id" = 1),
      "version" varchar(64) not null,
      "background" varchar(7) not null,
      "width" int not null,
      "height" int not null,
      "bytes" int not null,
      "updated_at" timestamptz not null
    );`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "branding";`);
  }

}
