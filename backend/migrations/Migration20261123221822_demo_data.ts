import { Migration } from '@mikro-orm/migrations';

export class Migration20261123221822_demo_data extends Migration {

  override name = 'Migration20261123221822_demo_data';

  override up(): void | Promise<void> {
    this.addSql(`alter table "users" add "is_demo" boolean not null default false;`);
    // The sample channels of seed 001 seeded before this marker existed: creator-program users without email, phone
    // or admin rights (no registration makes such a user) of those names, on a database where they were seeded.
    this.addSql(`update "users" set "is_demo" = true where "display_name_key" in ('techguru', 'musiccreator', 'gamingstream') and "email" is null and "phone_key" is null and not "is_admin" and "creator_program" and exists (select 1 from "seed_marks" where "name" = 'sample-channels');`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "users" drop column "is_demo";`);
  }

}
