import { Inject, Injectable } from '@nestjs/common';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { ValidationError } from '../../../common/errors/domain-error.js';
import { AccountsFacade } from '../../accounts/accounts.facade.js';
import { SystemAdminFacade } from '../../system-admin/system-admin.facade.js';
import { SessionInvalid } from '../domain/identity.errors.js';
import { CONSENT_REPOSITORY, UNIT_OF_WORK, USER_REPOSITORY, type ConsentRepository, type UnitOfWork, type UserRepository } from '../domain/ports.js';
import { PrincipalCache } from './principal-cache.js';

export interface MyDataExport {
  exported_at: string;
  user: Record<string, unknown>;
  accounts: unknown[];
  feedback: unknown[];
}

/** Settings → Privacy → Download Your Data: everything the instance stores about the user, as JSON. */
@Injectable()
export class ExportMyDataQuery {
  constructor(
    @Inject(USER_REPOSITORY) private readonly users: UserRepository,
    private readonly accounts: AccountsFacade,
    private readonly systemAdmin: SystemAdminFacade,
  ) {}

  async execute(userId: string): Promise<MyDataExport> {
    const u = await this.users.findById(userId);
    if (!u) throw SessionInvalid();
    return {
      exported_at: new Date().toISOString(),
      user: {
        id: u.id,
        first_name: u.firstName,
        last_name: u.lastName,
        display_name: u.displayName,
        email: u.email,
        phone_number: u.phoneNumber,
        date_of_birth: u.dateOfBirth,
        parent_email: u.parentEmail,
        account_status: u.status,
        is_admin: u.isAdmin,
        creator_program: u.creatorProgram,
        is_premium: u.isPremium,
        premium_expires: u.premiumExpires?.toISOString() ?? null,
        created_at: u.createdAt.toISOString(),
        updated_at: u.updatedAt.toISOString(),
      },
      accounts: await this.accounts.exportFor(userId),
      feedback: await this.systemAdmin.feedbackOf(userId),
    };
  }
}

export const DELETE_CONFIRMATION_MESSAGE = 'Type your display name to confirm';

/**
 * Settings → Privacy → Delete Account: removes the user, their consents and every account (content follows in
 * background jobs); feedback stays for the admins without its author. Every token stops working.
 */
@Injectable()
export class DeleteMeUseCase {
  constructor(
    @Inject(USER_REPOSITORY) private readonly users: UserRepository,
    @Inject(CONSENT_REPOSITORY) private readonly consents: ConsentRepository,
    @Inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    private readonly accounts: AccountsFacade,
    private readonly systemAdmin: SystemAdminFacade,
    private readonly cache: PrincipalCache,
    private readonly durable: DurableEvents,
  ) {}

  /** Returns the ids of the accounts it deleted (their purge is queued). */
  async execute(userId: string, confirmation: unknown): Promise<string[]> {
    const user = await this.users.findById(userId);
    if (!user) throw SessionInvalid();
    if (typeof confirmation !== 'string' || confirmation.trim().toLowerCase() !== user.displayName.toLowerCase()) {
      throw new ValidationError([{ field: 'confirmation', message: DELETE_CONFIRMATION_MESSAGE }]);
    }
    const accountIds = await this.uow.inTransaction(async () => {
      const ids = await this.accounts.markAllDeleted(userId);
      await this.systemAdmin.detachFeedbackOf(userId);
      await this.consents.removeAllOf(userId);
      this.users.remove(user);
      this.durable.record('identity.user-changed', { userId });
      await this.uow.commit();
      return ids;
    });
    await this.cache.invalidate(userId);
    await this.accounts.purgeDeleted(accountIds);
    return accountIds;
  }
}
