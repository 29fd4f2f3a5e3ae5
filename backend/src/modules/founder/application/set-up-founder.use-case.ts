import { Inject, Injectable } from '@nestjs/common';
import { parseFounderCredentials, type FounderCredentials } from '../domain/founder-account.js';
import { FOUNDER_ACCOUNT_STORE, FOUNDER_CLOCK, FOUNDER_SECRET_HASHER, type FounderAccountStore, type FounderClock, type SecretHasher } from '../domain/ports.js';
import { FounderAuditLog } from './founder-audit-log.js';

/**
 * Sets the founder up (the CLI's `founder:setup`): the credentials checked and normalised, then stored as argon2id
 * hashes only. Setting up again replaces the founder and bumps the token version, so every earlier founder token
 * stops working at once. Audit-logged without any of the values.
 */
@Injectable()
export class SetUpFounderUseCase {
  constructor(
    @Inject(FOUNDER_ACCOUNT_STORE) private readonly store: FounderAccountStore,
    @Inject(FOUNDER_SECRET_HASHER) private readonly hasher: SecretHasher,
    @Inject(FOUNDER_CLOCK) private readonly clock: FounderClock,
    private readonly audit: FounderAuditLog,
  ) {}

  async execute(input: Partial<Record<keyof FounderCredentials, unknown>>): Promise<{ id: string; replaced: boolean }> {
    const c = parseFounderCredentials(input);
    const before = await this.store.tokenState();
    const [emailHash, phoneHash, licenseNumberHash, usernameHash, masterKeyHash] = await Promise.all([
      this.hasher.hash(c.email),
      this.hasher.hash(c.phone),
      this.hasher.hash(c.licenseNumber),
      this.hasher.hash(c.username),
      this.hasher.hash(c.masterKey),
    ]);
    const founder = await this.store.replace({ emailHash, phoneHash, licenseNumberHash, usernameHash, masterKeyHash }, this.clock.now());
    await this.audit.record({ action: before ? 'founder.replaced' : 'founder.set_up', target: founder.id, detail: { token_version: founder.tokenVersion } });
    return { id: founder.id, replaced: !!before };
  }
}
