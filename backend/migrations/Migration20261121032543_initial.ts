import { Migration } from '@mikro-orm/migrations';

export class Migration20261121032543_initial extends Migration {

  override name = 'Migration20261121032543_initial';

  override up(): void | Promise<void> {
    this.addSql(`create table "accounts" ("id" uuid not null, "user_id" uuid not null, "account_type" text not null default 'creator', "display_name" varchar(100) not null, "handle" varchar(30) not null, "bio" text null, "location" varchar(100) null, "website" varchar(300) null, "profile_photo_url" varchar(500) null, "is_primary" boolean not null default false, "is_active" boolean not null default false, "privacy_settings" jsonb not null, "notification_settings" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "accounts" add constraint "accounts_handle_unique" unique ("handle");`);
    this.addSql(`create index "accounts_user_id_index" on "accounts" ("user_id");`);

    this.addSql(`create table "login_throttle" ("key" varchar(300) not null, "attempts" int not null, "window_start" timestamptz not null, primary key ("key"));`);

    this.addSql(`create table "mail_outbox" ("id" uuid not null, "recipient" varchar(254) not null, "subject" varchar(300) not null, "body" text not null, "sensitive" boolean not null default false, "status" text not null default 'pending', "attempts" int not null default 0, "last_error" text null, "transport" varchar(20) null, "created_at" timestamptz not null, "next_attempt_at" timestamptz not null, "sent_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "mail_outbox_status_next_attempt_index" on "mail_outbox" ("status", "next_attempt_at");`);

    this.addSql(`create table "parental_consents" ("id" uuid not null, "user_id" uuid not null, "parent_email" varchar(254) not null, "token_hash" varchar(64) not null, "status" text not null default 'pending', "created_at" timestamptz not null, "expires_at" timestamptz not null, "decided_at" timestamptz null, "version" int not null default 1, primary key ("id"));`);
    this.addSql(`create index "parental_consents_user_id_index" on "parental_consents" ("user_id");`);
    this.addSql(`alter table "parental_consents" add constraint "parental_consents_token_hash_unique" unique ("token_hash");`);

    this.addSql(`create table "users" ("id" uuid not null, "first_name" varchar(50) not null, "last_name" varchar(50) not null, "display_name" varchar(20) not null, "display_name_key" varchar(20) not null, "email" varchar(254) null, "phone_number" varchar(30) null, "phone_key" varchar(30) null, "password_hash" text not null, "status" text not null default 'active', "is_admin" boolean not null default false, "creator_program" boolean not null default false, "is_premium" boolean not null default false, "premium_expires" timestamptz null, "date_of_birth" varchar(10) null, "parent_email" varchar(254) null, "token_version" int not null default 0, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "users" add constraint "users_display_name_key_unique" unique ("display_name_key");`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);
    this.addSql(`alter table "users" add constraint "users_phone_key_unique" unique ("phone_key");`);

    this.addSql(`alter table "accounts" add constraint "accounts_account_type_check" check ("account_type" in ('creator', 'brand', 'personal'));`);

    this.addSql(`alter table "mail_outbox" add constraint "mail_outbox_status_check" check ("status" in ('pending', 'sent', 'failed'));`);

    this.addSql(`alter table "parental_consents" add constraint "parental_consents_status_check" check ("status" in ('pending', 'approved', 'refused'));`);

    this.addSql(`alter table "users" add constraint "users_status_check" check ("status" in ('active', 'pending_parental_consent', 'denied'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "accounts" cascade;`);
    this.addSql(`drop table if exists "login_throttle" cascade;`);
    this.addSql(`drop table if exists "mail_outbox" cascade;`);
    this.addSql(`drop table if exists "parental_consents" cascade;`);
    this.addSql(`drop table if exists "users" cascade;`);
  }

}
