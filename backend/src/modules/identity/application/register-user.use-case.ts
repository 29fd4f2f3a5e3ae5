import { Inject, Injectable } from '@nestjs/common';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { ValidationError } from '../../../common/errors/domain-error.js';
import { MAILER, type Mailer } from '../../../common/mail/mailer.js';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { AccountsFacade } from '../../accounts/accounts.facade.js';
import { DisplayNameTaken, EmailTaken, PhoneTaken } from '../domain/identity.errors.js';
import { ParentalConsent } from '../domain/parental-consent.js';
import { validateRegistration, type RegistrationInput } from '../domain/registration.js';
import { phoneKey, User } from '../domain/user.js';
import {
  CONSENT_REPOSITORY,
  PASSWORD_HASHER,
  UNIT_OF_WORK,
  USER_REPOSITORY,
  type ConsentRepository,
  type PasswordHasher,
  type UnitOfWork,
  type UserRepository,
} from '../domain/ports.js';

export interface RegisterResult {
  user: User;
  activeAccountId: string;
  message: string;
}

@Injectable()
export class RegisterUserUseCase {
  constructor(
    @Inject(USER_REPOSITORY) private readonly users: UserRepository,
    @Inject(CONSENT_REPOSITORY) private readonly consents: ConsentRepository,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @Inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: AccountsFacade,
    private readonly durable: DurableEvents,
  ) {}

  async execute(input: RegistrationInput): Promise<RegisterResult> {
    const { problems, value } = validateRegistration(input);
    if (!value) throw new ValidationError(problems);

    const keys = { displayNameKey: value.displayName.toLowerCase(), email: value.email, phoneKey: value.phoneNumber ? phoneKey(value.phoneNumber) : null };
    const holders = await this.users.findHoldersOfKeys(keys);
    if (holders.some((u) => u.displayNameKey === keys.displayNameKey)) throw DisplayNameTaken();
    if (keys.email && holders.some((u) => u.email === keys.email)) throw EmailTaken();
    if (keys.phoneKey && holders.some((u) => u.phoneKey === keys.phoneKey)) throw PhoneTaken();

    const user = User.create({ ...value, passwordHash: await this.hasher.hash(value.password) });
    this.users.add(user);
    const account = await this.accounts.createPrimaryAccount({ userId: user.id, displayName: user.displayName });

    let message = 'Registration successful! You can now sign in.';
    if (value.needsParentalConsent && value.parentEmail) {
      const { consent, token } = ParentalConsent.issue(user.id, value.parentEmail);
      this.consents.add(consent);
      const link = `${this.config.publicUrl}/parental-consent/${token}`;
      this.mailer.enqueue({
        to: value.parentEmail,
        subject: `${user.firstName} wants to join Scriven`,
        text:
          `Hello,\n\n${user.firstName} ${user.lastName} registered on Scriven as "${user.displayName}" and gave this address as a parent's.\n` +
          `Because they are under 13, their account stays locked until you answer.\n\n` +
          `Approve or refuse here: ${link}\n\nThe link works once and expires in 14 days. If you do not know this person, refuse.\n`,
        sensitive: true,
      });
      message = "Registration received. Your account is awaiting parental consent: we sent a link to your parent's email.";
    }
    this.durable.record('identity.user-changed', { userId: user.id });
    await this.uow.commit();
    return { user, activeAccountId: account.id, message };
  }
}
