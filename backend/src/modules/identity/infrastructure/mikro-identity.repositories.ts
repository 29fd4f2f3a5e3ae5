import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../domain/user.js';
import { ParentalConsent } from '../domain/parental-consent.js';
import type { ConsentRepository, UserRepository } from '../domain/ports.js';

@Injectable()
export class MikroUserRepository implements UserRepository {
  constructor(private readonly em: EntityManager) {}
  findById(id: string) {
    return /^[0-9a-f-]{36}$/i.test(id) ? this.em.findOne(User, { id }) : Promise.resolve(null);
  }
  findByEmail(email: string) {
    return this.em.findOne(User, { email });
  }
  findByPhoneKey(phoneKey: string) {
    return this.em.findOne(User, { phoneKey });
  }
  findByDisplayNameKey(displayNameKey: string) {
    return this.em.findOne(User, { displayNameKey });
  }
  findHoldersOfKeys(keys: { displayNameKey: string; email: string | null; phoneKey: string | null }) {
    const or: object[] = [{ displayNameKey: keys.displayNameKey }];
    if (keys.email) or.push({ email: keys.email });
    if (keys.phoneKey) or.push({ phoneKey: keys.phoneKey });
    return this.em.find(User, { $or: or }, { limit: 3 });
  }
  add(user: User) {
    this.em.persist(user);
  }
  remove(user: User) {
    this.em.remove(user);
  }
}

@Injectable()
export class MikroConsentRepository implements ConsentRepository {
  constructor(private readonly em: EntityManager) {}
  findByTokenHash(tokenHash: string) {
    return this.em.findOne(ParentalConsent, { tokenHash });
  }
  add(consent: ParentalConsent) {
    this.em.persist(consent);
  }
  async removeAllOf(userId: string) {
    for (const c of await this.em.find(ParentalConsent, { userId })) this.em.remove(c);
  }
}
