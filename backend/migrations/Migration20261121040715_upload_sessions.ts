import { Migration } from '@mikro-orm/migrations';

export class Migration20261121040715_upload_sessions extends Migration {

  override name = 'Migration20261121040715_upload_sessions';

  override up(): void | Promise<void> {
    this.addSql(`create table "upload_sessions" ("id" uuid not null, "user_id" uuid not null, "filename" varchar(255) not null, "title" varchar(200) not null, "description" text null, "is_vertical" boolean not null default false, "monetization_enabled" boolean not null default false, "total_size" bigint not null, "chunk_size" int not null, "total_chunks" int not null, "received_count" int not null default 0, "received" bytea not null, "container" varchar(10) null, "status" text not null default 'active', "video_id" uuid null, "created_at" timestamptz not null, "last_activity_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "upload_sessions_user_status_index" on "upload_sessions" ("user_id", "status");`);
    this.addSql(`create index "upload_sessions_status_activity_index" on "upload_sessions" ("status", "last_activity_at");`);

    this.addSql(`alter table "upload_sessions" add constraint "upload_sessions_status_check" check ("status" in ('active', 'completed', 'cancelled', 'expired'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "upload_sessions" cascade;`);
  }

}
