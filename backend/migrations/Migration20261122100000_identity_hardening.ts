import { Migration } from '@mikro-orm/migrations';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * Identity hardening (issue 11).
 *
 * - The sign-in throttle counts per (person, address) pair with a growing delay, per address and per person (see
 *   modules/identity/domain/sign-in-throttle.ts). Its rows get an expiry (swept), the time the next attempt may come
 *   and the outcome of the last attempt. The old counters meant something else and are dropped (they lasted 15 min).
 * - Phone numbers are stored in E.164, so `+44 20 7946 0958`, `0044 20 7946 0958` and `+442079460958` are one key.
 *   Stored numbers are converted where libphonenumber reads them as possible numbers (without a country code: as US
 *   numbers, as registration does from now on). A number whose E.164 form another user already holds is left as it
 *   was (the older row keeps the key): both people keep signing in, and nothing fails here. Not reversed by down().
 */
export class Migration20261122100000_identity_hardening extends Migration {

  override name = 'Migration20261122100000_identity_hardening';

  override async up(): Promise<void> {
    await this.execute(`delete from "login_throttle";`);
    await this.execute(`alter table "login_throttle" rename column "attempts" to "failures";`);
    await this.execute(`alter table "login_throttle" add column "blocked_until" timestamptz null, add column "refused" boolean not null default false, add column "expires_at" timestamptz not null;`);
    await this.execute(`create index "login_throttle_expires_at_index" on "login_throttle" ("expires_at");`);

    const rows = (await this.execute(`select "id", "phone_number", "phone_key" from "users" where "phone_number" is not null order by "created_at", "id";`)) as {
      id: string;
      phone_number: string;
      phone_key: string | null;
    }[];
    const held = new Set(rows.map((r) => r.phone_key).filter((k): k is string => !!k));
    for (const row of rows) {
      const e164 = toE164(row.phone_number);
      if (!e164 || (e164 === row.phone_key && e164 === row.phone_number)) continue;
      if (e164 !== row.phone_key && held.has(e164)) continue;
      await this.execute(`update "users" set "phone_number" = ?, "phone_key" = ? where "id" = ?;`, [e164, e164, row.id]);
      if (row.phone_key) held.delete(row.phone_key);
      held.add(e164);
    }
  }

  override async down(): Promise<void> {
    await this.execute(`drop index "login_throttle_expires_at_index";`);
    await this.execute(`alter table "login_throttle" drop column "blocked_until", drop column "refused", drop column "expires_at";`);
    await this.execute(`alter table "login_throttle" rename column "failures" to "attempts";`);
  }

}

/** As modules/identity/domain/phone.ts read numbers when this migration was written (kept here unchanged). */
function toE164(input: string): string | null {
  let text = input.trim();
  if (!/^\+?[\d\s\-()]+$/.test(text) || text.length > 40) return null;
  if (text.startsWith('00')) text = `+${text.slice(2)}`;
  const parsed = parsePhoneNumberFromString(text, { defaultCountry: 'US' });
  if (!parsed || parsed.ext || !parsed.isPossible()) return null;
  return parsed.number;
}
