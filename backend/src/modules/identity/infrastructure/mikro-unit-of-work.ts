import { Injectable } from '@nestjs/common';
import { OptimisticLockError } from '@mikro-orm/core';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { ParentalConsent } from '../domain/parental-consent.js';
import type { UnitOfWork } from '../domain/ports.js';
import { ConsentAlreadyDecided, DisplayNameTaken, EmailTaken, PhoneTaken } from '../domain/identity.errors.js';

/** One flush (one transaction) per use case; a lost race becomes the same 409 as the early check. */
@Injectable()
export class MikroUnitOfWork implements UnitOfWork {
  constructor(private readonly em: EntityManager) {}

  async commit(): Promise<void> {
    try {
      await this.em.flush();
    } catch (e) {
      if (e instanceof OptimisticLockError && e.getEntity() instanceof ParentalConsent) throw ConsentAlreadyDecided();
      if (e instanceof UniqueConstraintViolationException) {
        const msg = e.message;
        // The primary account's handle is the display name's key, so a racing registration of the same name
        // can trip the handle's constraint before the user's.
        if (msg.includes('users_display_name_key_unique') || msg.includes('accounts_handle_unique')) throw DisplayNameTaken();
        if (msg.includes('users_email_unique')) throw EmailTaken();
        if (msg.includes('users_phone_key_unique')) throw PhoneTaken();
      }
      throw e;
    }
  }
}
