import { Injectable } from '@nestjs/common';
import { OptimisticLockError } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { MikroUnitOfWork } from '../../../common/database/mikro-unit-of-work.js';
import { ParentalConsent } from '../domain/parental-consent.js';
import { ConsentAlreadyDecided, DisplayNameTaken, EmailTaken, PhoneTaken } from '../domain/identity.errors.js';

/** Identity's unit of work: a lost race becomes the same 409 as the early check. */
@Injectable()
export class IdentityUnitOfWork extends MikroUnitOfWork {
  constructor(em: EntityManager) {
    super(em, {
      users_display_name_key_unique: DisplayNameTaken,
      // The primary account's handle is the display name's key, so a racing registration of the same name can trip
      // the handle's constraint before the user's.
      accounts_handle_unique: DisplayNameTaken,
      users_email_unique: EmailTaken,
      users_phone_key_unique: PhoneTaken,
    });
  }

  protected override translate(e: unknown): Error | undefined {
    if (e instanceof OptimisticLockError && e.getEntity() instanceof ParentalConsent) return ConsentAlreadyDecided();
    return super.translate(e);
  }
}
