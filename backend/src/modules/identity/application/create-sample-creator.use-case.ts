import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { AccountsFacade } from '../../accounts/accounts.facade.js';
import { User } from '../domain/user.js';
import { PASSWORD_HASHER, UNIT_OF_WORK, USER_REPOSITORY, type PasswordHasher, type UnitOfWork, type UserRepository } from '../domain/ports.js';

/**
 * A creator that exists to show sample content (the demo, with the sample channels of seed 001): in the creator
 * program, with a channel of the given name, marked `is_demo`, and a random password that is neither kept nor logged,
 * so no one can sign in as it. Idempotent: an existing demo user of that name is returned; a real user of that name
 * is never taken over.
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
      if (!existing.isDemo) throw new Error(`a user named ${input.username} already exists and is not a demo user`);
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
    user.isDemo = true;
    this.users.add(user);
    const account = await this.accounts.createPrimaryAccount({ userId: user.id, displayName: input.channelName });
    this.events.record('identity.user-changed', { userId: user.id });
    await this.uow.commit();
    return { userId: user.id, accountId: account.id };
  }
}
