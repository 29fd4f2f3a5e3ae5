import { Injectable } from '@nestjs/common';
import { CreateAdminUseCase } from './application/create-admin.use-case.js';
import { PrincipalCache } from './application/principal-cache.js';

/** What other contexts and the CLI may ask of Identity. */
@Injectable()
export class IdentityFacade {
  constructor(
    private readonly createAdmin: CreateAdminUseCase,
    private readonly principals: PrincipalCache,
  ) {}

  /** Whether the user belongs to the creator program (may switch on monetization). */
  async isCreator(userId: string): Promise<boolean> {
    return (await this.principals.get(userId))?.creatorProgram ?? false;
  }

  /** Creates the admin unless a user with that display name exists; returns whether it was created. */
  async ensureAdmin(username: string, password: string): Promise<'created' | 'exists'> {
    if (await this.createAdmin.exists(username)) return 'exists';
    await this.createAdmin.execute(username, password);
    return 'created';
  }

  async createAdminUser(username: string, password: string): Promise<{ id: string; displayName: string }> {
    const user = await this.createAdmin.execute(username, password);
    return { id: user.id, displayName: user.displayName };
  }
}
