import { Injectable } from '@nestjs/common';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import type { UnitOfWork } from '../domain/ports.js';
import { DisplayNameTaken, EmailTaken, PhoneTaken } from '../domain/identity.errors.js';

/** One flush (one transaction) per use case; a lost uniqueness race becomes the same 409 as the early check. */
@Injectable()
export class MikroUnitOfWork implements UnitOfWork {
  constructor(private readonly em: EntityManager) {}

  async commit(): Promise<void> {
    try {
      await this.em.flush();
    } catch (e) {
      if (e instanceof UniqueConstraintViolationException) {
        const msg = e.message;
        if (msg.includes('users_display_name_key_unique')) throw DisplayNameTaken();
        if (msg.includes('users_email_unique')) throw EmailTaken();
        if (msg.includes('users_phone_key_unique')) throw PhoneTaken();
      }
      throw e;
    }
  }
}
