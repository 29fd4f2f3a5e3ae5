import { Inject, Injectable } from '@nestjs/common';
import { SessionInvalid } from '../domain/identity.errors.js';
import { UNIT_OF_WORK, USER_REPOSITORY, type UnitOfWork, type UserRepository } from '../domain/ports.js';
import { PrincipalCache } from './principal-cache.js';
import { AppTokens } from './app-tokens.use-cases.js';

@Injectable()
export class SignOutEverywhereUseCase {
  constructor(
    @Inject(USER_REPOSITORY) private readonly users: UserRepository,
    @Inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    private readonly cache: PrincipalCache,
    private readonly appTokens: AppTokens,
  ) {}

  async execute(userId: string): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) throw SessionInvalid();
    user.revokeAllTokens();
    // Music apps' tokens too: signing out everywhere leaves no way in but the password.
    await this.uow.inTransaction(async () => {
      await this.appTokens.revokeAll(userId);
      await this.uow.commit();
    });
    await this.cache.invalidate(userId);
  }
}
