import { Migration } from '@mikro-orm/migrations';

/**
 * Moderation: reports, the cases that group them per content (the queue), guideline strikes with their one appeal,
 * and the audit log of decisions. All are written with SQL by moderation's repositories (SQL_OWNED_TABLES in orm.ts).
 *
 * Held by the database itself:
 * - one report per person and content (a unique constraint: concurrent duplicates create one);
 * - one open case per content (a partial unique index: concurrent first reports share it);
 * - an appeal is all there or not at all (message, status and time together).
 */
export class Migration20261124100000_moderation extends Migration {

  override name = 'Migration20261124100000_moderation';

  override up(): void | Promise<void> {
    this.addSql(`create table "moderation_cases" ("id" uuid not null, "content_type" varchar(20) not null, "content_id" uuid not null, "status" varchar(20) not null default 'open', "owner_user_id" uuid null, "snapshot" jsonb not null default '{}', "report_count" int not null default 0 check ("report_count" >= 0), "first_reported_at" timestamptz not null, "last_reported_at" timestamptz not null, "resolution" varchar(30) null, "resolution_reason" text null, "resolved_at" timestamptz null, "resolved_by" uuid null, constraint "moderation_cases_pkey" primary key ("id"), constraint "moderation_cases_status_check" check ("status" in ('open', 'resolved')), constraint "moderation_cases_resolution_check" check ("resolution" in ('dismissed', 'removed', 'struck', 'removed_and_struck')), constraint "moderation_cases_resolved_check" check (("status" = 'resolved') = ("resolved_at" is not null and "resolution" is not null)));`);
    this.addSql(`create unique index "moderation_cases_one_open" on "moderation_cases" ("content_type", "content_id") where "status" = 'open';`);
    this.addSql(`create index "moderation_cases_queue_index" on "moderation_cases" ("report_count" desc, "first_reported_at", "id") where "status" = 'open';`);
    this.addSql(`create index "moderation_cases_resolved_index" on "moderation_cases" ("resolved_at" desc, "id" desc) where "status" = 'resolved';`);
    this.addSql(`create index "moderation_cases_content_index" on "moderation_cases" ("content_type", "content_id");`);

    this.addSql(`create table "moderation_reports" ("id" uuid not null, "case_id" uuid not null references "moderation_cases" ("id") on delete cascade, "reporter_user_id" uuid not null, "content_type" varchar(20) not null, "content_id" uuid not null, "reason" text not null, "description" text null, "timestamp_seconds" int null check ("timestamp_seconds" >= 0), "status" varchar(20) not null default 'open', "outcome" text null, "created_at" timestamptz not null, "resolved_at" timestamptz null, constraint "moderation_reports_pkey" primary key ("id"), constraint "moderation_reports_once" unique ("reporter_user_id", "content_type", "content_id"), constraint "moderation_reports_status_check" check ("status" in ('open', 'resolved')), constraint "moderation_reports_reason_check" check ("reason" in ('sexual_content', 'nudity', 'inappropriate', 'spam', 'violence', 'harassment', 'other')));`);
    this.addSql(`create index "moderation_reports_reporter_index" on "moderation_reports" ("reporter_user_id", "created_at" desc);`);
    this.addSql(`create index "moderation_reports_case_index" on "moderation_reports" ("case_id", "created_at" desc, "id" desc);`);
    this.addSql(`create index "moderation_reports_open_index" on "moderation_reports" ("case_id") where "status" = 'open';`);

    this.addSql(`create table "moderation_strikes" ("id" uuid not null, "user_id" uuid not null, "case_id" uuid null references "moderation_cases" ("id") on delete set null, "content_type" varchar(20) not null, "content_id" uuid not null, "content_title" text null, "reason" text not null, "status" varchar(20) not null default 'active', "content_removed" boolean not null default false, "created_at" timestamptz not null, "expires_at" timestamptz not null, "appeal_deadline" timestamptz not null, "files_purged_at" timestamptz null, "appeal_message" text null, "appeal_status" varchar(20) null, "appealed_at" timestamptz null, "appeal_decided_at" timestamptz null, "appeal_decision_reason" text null, "appeal_decided_by" uuid null, constraint "moderation_strikes_pkey" primary key ("id"), constraint "moderation_strikes_status_check" check ("status" in ('active', 'overturned')), constraint "moderation_strikes_appeal_status_check" check ("appeal_status" in ('pending', 'upheld', 'overturned')), constraint "moderation_strikes_appeal_whole" check (("appeal_status" is null) = ("appeal_message" is null) and ("appeal_status" is null) = ("appealed_at" is null)), constraint "moderation_strikes_times_check" check ("expires_at" > "created_at" and "appeal_deadline" > "created_at"));`);
    this.addSql(`create index "moderation_strikes_user_index" on "moderation_strikes" ("user_id", "created_at" desc);`);
    this.addSql(`create index "moderation_strikes_active_index" on "moderation_strikes" ("user_id", "expires_at" desc) where "status" = 'active';`);
    this.addSql(`create index "moderation_strikes_pending_appeals_index" on "moderation_strikes" ("appealed_at", "id") where "appeal_status" = 'pending';`);
    this.addSql(`create index "moderation_strikes_purge_due_index" on "moderation_strikes" ("appeal_deadline") where "content_removed" and "files_purged_at" is null and "appeal_status" is null and "status" = 'active';`);

    this.addSql(`create table "moderation_audit_log" ("id" uuid not null, "seq" bigserial not null, "admin_user_id" uuid not null, "admin_username" varchar(255) null, "action" varchar(30) not null, "content_type" varchar(20) not null, "content_id" uuid not null, "target_user_id" uuid null, "target_username" varchar(255) null, "case_id" uuid null, "strike_id" uuid null, "reason" text not null, "created_at" timestamptz not null, constraint "moderation_audit_log_pkey" primary key ("id"), constraint "moderation_audit_log_action_check" check ("action" in ('dismiss', 'remove', 'strike', 'remove_and_strike', 'uphold_appeal', 'overturn_appeal')));`);
    this.addSql(`create index "moderation_audit_log_recent_index" on "moderation_audit_log" ("created_at" desc, "seq" desc);`);
  }

  override down(): void | Promise<void> {
    for (const t of ['moderation_audit_log', 'moderation_strikes', 'moderation_reports', 'moderation_cases']) {
      this.addSql(`drop table if exists "${t}" cascade;`);
    }
  }

}
