import { Inject, Injectable } from '@nestjs/common';
import { TokenService } from '../../../common/auth/token.service.js';
import { ATTEMPTS_PER_ADDRESS_PER_MINUTE, founderErrors, normalise, type FounderAccount, type SignInForm } from '../domain/founder-account.js';
import {
  FOUNDER_ACCOUNT_STORE,
  FOUNDER_CLOCK,
  FOUNDER_LOCKOUT,
  FOUNDER_SECRET_HASHER,
  type FounderAccountStore,
  type FounderClock,
  type FounderLockout,
  type SecretHasher,
} from '../domain/ports.js';
import { FounderAuditLog } from './founder-audit-log.js';

export type FounderSignInInput =
  | { form: 'personal'; email: string; phone: string; licenseNumber: string; address: string }
  | { form: 'legacy'; username: string; masterKey: string; address: string };

/**
 * The founder's sign-in, by either form (seed 000 §2): Personal Access (email, phone and driver's licence number, all
 * three right) or Legacy Access (username and master key). A founder token (30 min) on success.
 *
 * - A wrong value, or no founder set up at all, gets the form's one answer (401), never saying which field was wrong;
 *   every field is verified against a hash every time (a dummy one when there is no founder), so the answer takes
 *   about as long whatever was wrong.
 * - Five failures in 15 minutes lock both forms, from every address, for 15 minutes (429 `FOUNDER.LOCKED`, right
 *   credentials included); on top, at most 30 attempts a minute per address.
 * - Every sign-in and every refusal is audit-logged with the address, never with the values sent.
 */
@Injectable()
export class FounderSignInUseCase {
  /** Each address's attempts in the last minute (this process's; the lockout itself is shared by every process). */
  private readonly recent = new Map<string, number[]>();

  constructor(
    @Inject(FOUNDER_ACCOUNT_STORE) private readonly store: FounderAccountStore,
    @Inject(FOUNDER_SECRET_HASHER) private readonly hasher: SecretHasher,
    @Inject(FOUNDER_LOCKOUT) private readonly lockout: FounderLockout,
    @Inject(FOUNDER_CLOCK) private readonly clock: FounderClock,
    private readonly tokens: TokenService,
    private readonly audit: FounderAuditLog,
  ) {}

  async execute(input: FounderSignInInput): Promise<{ token: string; expiresIn: number }> {
    const form: SignInForm = input.form;
    const wait = this.countAddress(input.address);
    if (wait > 0) {
      await this.audit.record({ action: 'founder.sign_in_refused', detail: { form, reason: 'rate_limited' }, address: input.address });
      throw founderErrors.tooManyAttempts(wait);
    }
    const { lockedFor } = await this.lockout.attempt(this.clock.now());
    if (lockedFor > 0) {
      await this.audit.record({ action: 'founder.sign_in_refused', detail: { form, reason: 'locked' }, address: input.address });
      throw founderErrors.locked(lockedFor);
    }
    const founder = await this.store.get();
    const ok = await this.verify(founder, input);
    if (!ok || !founder) {
      const { locked } = await this.lockout.failed(this.clock.now());
      await this.audit.record({ action: 'founder.sign_in_refused', detail: { form, reason: 'invalid_credentials' }, address: input.address });
      if (locked) await this.audit.record({ action: 'founder.sign_in_locked', detail: { form }, address: input.address });
      throw founderErrors.denied(form);
    }
    await this.lockout.succeeded(this.clock.now());
    const issued = this.tokens.issue({ sub: founder.id, aud: 'founder', ver: founder.tokenVersion });
    await this.audit.record({ action: 'founder.signed_in', target: founder.id, detail: { form }, address: input.address });
    return issued;
  }

  /** Counts an attempt of the address in a sliding minute; the seconds to wait when it is over the limit (not counted). */
  private countAddress(address: string): number {
    const now = this.clock.now().getTime();
    const since = now - 60_000;
    if (this.recent.size > 10_000) for (const [a, times] of this.recent) if (times[times.length - 1] <= since) this.recent.delete(a);
    const times = (this.recent.get(address) ?? []).filter((at) => at > since);
    if (times.length >= ATTEMPTS_PER_ADDRESS_PER_MINUTE) {
      this.recent.set(address, times);
      return Math.max(1, Math.ceil((times[0] + 60_000 - now) / 1000));
    }
    times.push(now);
    this.recent.set(address, times);
    return 0;
  }

  /** Every field checked, whatever the others gave (no early exit), against the founder's hashes or a dummy. */
  private async verify(founder: FounderAccount | null, input: FounderSignInInput): Promise<boolean> {
    const pairs: [keyof FounderAccount, string][] =
      input.form === 'personal'
        ? [
            ['emailHash', normalise.email(input.email)],
            ['phoneHash', normalise.phone(input.phone)],
            ['licenseNumberHash', normalise.licenseNumber(input.licenseNumber)],
          ]
        : [
            ['usernameHash', normalise.username(input.username)],
            ['masterKeyHash', input.masterKey],
          ];
    let all = true;
    for (const [field, value] of pairs) {
      if (founder) all = (await this.hasher.verify(founder[field] as string, value)) && all;
      else await this.hasher.burn(value);
    }
    return !!founder && all;
  }
}
