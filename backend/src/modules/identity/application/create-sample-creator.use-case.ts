import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { AccountsFacade } from '../../accounts/accounts.facade.js';
import { User } from '../domain/user.js';
import { PASSWORD_HASHER, UNIT_OF_WORK, USER_REPOSITORY, type PasswordHasher, type UnitOfWork, type UserRepository } from '../domain/ports.js';

/**
 * A creator that exists to show sample content (the sample channels of seed 001): in the creator program, with a
 * channel of the given name, and a random password nobody knows, so no one can sign in as it.
 */
@Injectable()
export class CreateSampleCreatorUseCase {
  constructor(
    @Inject(USER_REPOSITORY) private readonly users: UserRepository,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @Inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    private readonly accounts: AccountsFacade,
    private readonly events: DurableEvents,
  ) {}

  async execute(input: { username: string; firstName: string; lastName: string; channelName: string }): Promise<{ userId: string; accountId: string }> {
    const existing = await this.users.findByDisplayNameKey(input.username.toLowerCase());
    if (existing) {
      const account = await this.accounts.primaryProfile(existing.id);
      if (!account) throw new Error(`${input.username} has no channel`);
      return { userId: existing.id, accountId: account.accountId };
    }
    const user = User.create({
      firstName: input.firstName,
      lastName: input.lastName,
      displayName: input.username,
      email: null,
      phoneNumber: null,
      passwordHash: await this.hasher.hash(randomBytes(32).toString('base64url')),
      dateOfBirth: null,
      parentEmail: null,
      needsParentalConsent: false,
    });
    user.creatorProgram = true;
    this.users.add(user);
    const account = await this.accounts.createPrimaryAccount({ userId: user.id, displayName: input.channelName });
    this.events.record('identity.user-changed', { userId: user.id });
    await this.uow.commit();
    return { userId: user.id, accountId: account.id };
  }
}
