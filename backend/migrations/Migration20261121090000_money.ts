import { Migration } from '@mikro-orm/migrations';

/**
 * Money: payment sessions and webhook receipts (payments context), the double-entry ledger, premium periods,
 * membership tiers and memberships, payouts, partner applications and the platform's bank account and withdrawals
 * (monetization context). All are written with SQL by their repositories (SQL_OWNED_TABLES in orm.ts).
 *
 * The ledger's invariants are held by the database itself:
 * - every transaction's entries sum to zero (a deferred constraint trigger, checked at commit);
 * - an account that may not go negative never does (a check on its maintained balance, under row locks);
 * - a money event is recorded once (a unique idempotency key).
 */
export class Migration20261121090000_money extends Migration {

  override name = 'Migration20261121090000_money';

  override up(): void | Promise<void> {
    // Payments.
    this.addSql(`create table "payment_sessions" ("id" varchar(255) not null, "user_id" uuid not null, "provider" varchar(20) not null, "purpose" varchar(20) not null, "package" varchar(100) not null, "package_name" varchar(200) not null, "amount_cents" bigint not null check ("amount_cents" > 0), "currency" varchar(3) not null default 'usd', "reference" jsonb not null default '{}', "origin_url" text not null, "status" varchar(20) not null default 'open', "payment_status" varchar(20) not null default 'unpaid', "created_at" timestamptz not null default now(), "expires_at" timestamptz not null, "paid_at" timestamptz null, "fulfilled_at" timestamptz null, constraint "payment_sessions_pkey" primary key ("id"), constraint "payment_sessions_status_check" check ("status" in ('open', 'complete', 'expired', 'failed')), constraint "payment_sessions_payment_status_check" check ("payment_status" in ('unpaid', 'paid')));`);
    this.addSql(`create index "payment_sessions_user_index" on "payment_sessions" ("user_id", "created_at" desc);`);
    this.addSql(`create index "payment_sessions_open_index" on "payment_sessions" ("expires_at") where "status" = 'open';`);
    this.addSql(`create index "payment_sessions_unfulfilled_index" on "payment_sessions" ("paid_at") where "payment_status" = 'paid' and "fulfilled_at" is null;`);
    this.addSql(`create table "payment_webhook_events" ("id" varchar(255) not null, "type" varchar(100) not null, "session_id" varchar(255) null, "received_at" timestamptz not null default now(), "processed_at" timestamptz null, constraint "payment_webhook_events_pkey" primary key ("id"));`);

    // The ledger.
    this.addSql(`create table "ledger_accounts" ("id" varchar(100) not null, "user_id" uuid null, "balance_cents" bigint not null default 0, "credited_cents" bigint not null default 0, "may_go_negative" boolean not null default false, "created_at" timestamptz not null default now(), constraint "ledger_accounts_pkey" primary key ("id"), constraint "ledger_accounts_not_overdrawn" check ("may_go_negative" or "balance_cents" >= 0));`);
    this.addSql(`create table "ledger_transactions" ("id" uuid not null, "idempotency_key" varchar(255) not null, "kind" varchar(30) not null, "memo" varchar(300) not null default '', "user_id" uuid null, "created_at" timestamptz not null default now(), "matures_at" timestamptz null, "matured" boolean not null default false, constraint "ledger_transactions_pkey" primary key ("id"), constraint "ledger_transactions_idempotency_key_unique" unique ("idempotency_key"));`);
    this.addSql(`create index "ledger_transactions_maturing_index" on "ledger_transactions" ("matures_at") where not "matured" and "matures_at" is not null;`);
    this.addSql(`create index "ledger_transactions_user_index" on "ledger_transactions" ("user_id", "created_at" desc) where "user_id" is not null;`);
    this.addSql(`create table "ledger_entries" ("id" bigserial not null, "transaction_id" uuid not null references "ledger_transactions" ("id"), "account_id" varchar(100) not null references "ledger_accounts" ("id"), "amount_cents" bigint not null check ("amount_cents" <> 0), "created_at" timestamptz not null default now(), constraint "ledger_entries_pkey" primary key ("id"));`);
    this.addSql(`create index "ledger_entries_account_index" on "ledger_entries" ("account_id", "created_at");`);
    this.addSql(`create index "ledger_entries_transaction_index" on "ledger_entries" ("transaction_id");`);
    this.addSql(`create or replace function ledger_check_balanced() returns trigger language plpgsql as $$
begin
  if (select coalesce(sum(amount_cents), 0) from ledger_entries where transaction_id = new.transaction_id) <> 0 then
    raise exception 'ledger transaction % is not balanced', new.transaction_id using errcode = '23514';
  end if;
  return null;
end $$;`);
    this.addSql(`create constraint trigger "ledger_entries_balanced" after insert on "ledger_entries" deferrable initially deferred for each row execute function ledger_check_balanced();`);
    // Entries are facts: never changed, never removed.
    this.addSql(`create or replace function ledger_entries_immutable() returns trigger language plpgsql as $$
begin
  raise exception 'ledger entries cannot be changed or removed' using errcode = '42501';
end $$;`);
    this.addSql(`create trigger "ledger_entries_no_change" before update or delete on "ledger_entries" for each row execute function ledger_entries_immutable();`);

    // Premium: when each paid period ran (the premium pool is shared by watch time inside these periods).
    this.addSql(`create table "premium_periods" ("id" uuid not null, "user_id" uuid not null, "session_id" varchar(255) not null, "starts_at" timestamptz not null, "ends_at" timestamptz not null, constraint "premium_periods_pkey" primary key ("id"), constraint "premium_periods_session_unique" unique ("session_id"));`);
    this.addSql(`create index "premium_periods_user_index" on "premium_periods" ("user_id", "ends_at");`);
    this.addSql(`create index "premium_periods_range_index" on "premium_periods" ("ends_at", "starts_at");`);

    // Memberships.
    this.addSql(`create table "membership_tiers" ("id" uuid not null, "account_id" uuid not null, "owner_user_id" uuid not null, "channel_name" varchar(100) not null, "name" varchar(50) not null, "description" varchar(300) not null default '', "price_cents" int not null check ("price_cents" between 99 and 49999), "active" boolean not null default true, "created_at" timestamptz not null default now(), constraint "membership_tiers_pkey" primary key ("id"));`);
    this.addSql(`create unique index "membership_tiers_name_unique" on "membership_tiers" ("account_id", lower("name")) where "active";`);
    this.addSql(`create index "membership_tiers_owner_index" on "membership_tiers" ("owner_user_id");`);
    this.addSql(`create table "memberships" ("id" uuid not null, "tier_id" uuid not null references "membership_tiers" ("id"), "account_id" uuid not null, "member_user_id" uuid not null, "started_at" timestamptz not null, "expires_at" timestamptz not null, "updated_at" timestamptz not null default now(), constraint "memberships_pkey" primary key ("id"), constraint "memberships_member_unique" unique ("account_id", "member_user_id"));`);
    this.addSql(`create index "memberships_account_index" on "memberships" ("account_id", "expires_at" desc);`);
    this.addSql(`create index "memberships_member_index" on "memberships" ("member_user_id", "expires_at" desc);`);

    // Creator payouts.
    this.addSql(`create table "payouts" ("id" uuid not null, "user_id" uuid not null, "amount_cents" bigint not null check ("amount_cents" > 0), "payment_method" varchar(20) not null, "bank_details" jsonb null, "status" varchar(20) not null default 'pending', "requested_at" timestamptz not null default now(), "decided_at" timestamptz null, "failure_reason" varchar(300) null, constraint "payouts_pkey" primary key ("id"), constraint "payouts_status_check" check ("status" in ('pending', 'completed', 'failed')));`);
    this.addSql(`create index "payouts_user_index" on "payouts" ("user_id", "requested_at" desc);`);
    this.addSql(`create index "payouts_pending_index" on "payouts" ("requested_at") where "status" = 'pending';`);

    // The partner program.
    this.addSql(`create table "partner_applications" ("id" uuid not null, "user_id" uuid not null, "status" varchar(20) not null default 'pending', "original_content" boolean not null, "followers" int not null, "watch_hours" numeric(14, 1) not null, "submitted_at" timestamptz not null default now(), "decided_at" timestamptz null, "reason" varchar(500) null, constraint "partner_applications_pkey" primary key ("id"), constraint "partner_applications_status_check" check ("status" in ('pending', 'approved', 'rejected', 'suspended')));`);
    this.addSql(`create index "partner_applications_user_index" on "partner_applications" ("user_id", "submitted_at" desc);`);
    this.addSql(`create unique index "partner_applications_one_pending" on "partner_applications" ("user_id") where "status" = 'pending';`);
    this.addSql(`create index "partner_applications_pending_index" on "partner_applications" ("submitted_at") where "status" = 'pending';`);

    // Ad revenue accrued so far per monetized item (so each counted view is paid once, fractions of a cent carried).
    this.addSql(`create table "ad_accruals" ("media_id" uuid not null, "user_id" uuid not null, "views" bigint not null default 0, "gross_cents" bigint not null default 0, "creator_cents" bigint not null default 0, "updated_at" timestamptz not null default now(), constraint "ad_accruals_pkey" primary key ("media_id"));`);

    // The platform owner's bank account (one) and withdrawals.
    this.addSql(`create table "platform_bank_accounts" ("id" int not null default 1, "bank_name" varchar(100) not null, "account_holder" varchar(100) not null, "account_number_enc" text not null, "routing_number_enc" text not null, "account_last_4" varchar(4) not null, "is_verified" boolean not null default false, "updated_at" timestamptz not null default now(), constraint "platform_bank_accounts_pkey" primary key ("id"), constraint "platform_bank_accounts_one" check ("id" = 1));`);
    this.addSql(`create table "platform_withdrawals" ("id" uuid not null, "amount_cents" bigint not null check ("amount_cents" > 0), "requested_by" uuid not null, "account_last_4" varchar(4) not null, "status" varchar(20) not null default 'pending', "requested_at" timestamptz not null default now(), constraint "platform_withdrawals_pkey" primary key ("id"));`);

    // Marks of one-time seeding (sample channels), so a removed sample is not recreated.
    this.addSql(`create table "seed_marks" ("name" varchar(100) not null, "done_at" timestamptz not null default now(), constraint "seed_marks_pkey" primary key ("name"));`);
  }

  override down(): void | Promise<void> {
    for (const t of ['seed_marks', 'platform_withdrawals', 'platform_bank_accounts', 'ad_accruals', 'partner_applications', 'payouts', 'memberships', 'membership_tiers', 'premium_periods', 'ledger_entries', 'ledger_transactions', 'ledger_accounts', 'payment_webhook_events', 'payment_sessions']) {
      this.addSql(`drop table if exists "${t}" cascade;`);
    }
    this.addSql(`drop function if exists ledger_check_balanced();`);
    this.addSql(`drop function if exists ledger_entries_immutable();`);
  }

}
