import { Inject, Injectable } from '@nestjs/common';
import { ValidationError } from '../../../common/errors/domain-error.js';
import { AccountsFacade } from '../../accounts/accounts.facade.js';
import { DisplayNameTaken } from '../domain/identity.errors.js';
import { DISPLAY_NAME_RE, MESSAGES } from '../domain/registration.js';
import { User } from '../domain/user.js';
import { PASSWORD_HASHER, UNIT_OF_WORK, USER_REPOSITORY, type PasswordHasher, type UnitOfWork, type UserRepository } from '../domain/ports.js';

export const ADMIN_PASSWORD_MIN = 12;

/** Makes an admin user (with its primary account). There is never a default password. */
@Injectable()
export class CreateAdminUseCase {
  constructor(
    @Inject(USER_REPOSITORY) private readonly users: UserRepository,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @Inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    private readonly accounts: AccountsFacade,
  ) {}

  async exists(username: string): Promise<boolean> {
    return (await this.users.findByDisplayNameKey(username.toLowerCase())) !== null;
  }

  async execute(username: string, password: string): Promise<User> {
    const problems = [];
    if (!DISPLAY_NAME_RE.test(username ?? '')) problems.push({ field: 'username', message: MESSAGES.displayNameFormat });
    if (typeof password !== 'string' || password.length < ADMIN_PASSWORD_MIN) {
      problems.push({ field: 'password', message: `Admin password must be at least ${ADMIN_PASSWORD_MIN} characters long` });
    }
    if (problems.length) throw new ValidationError(problems);
    if (await this.exists(username)) throw DisplayNameTaken();
    const user = User.createAdmin(username, await this.hasher.hash(password));
    this.users.add(user);
    await this.accounts.createPrimaryAccount({ userId: user.id, displayName: user.displayName });
    await this.uow.commit();
    return user;
  }
}
