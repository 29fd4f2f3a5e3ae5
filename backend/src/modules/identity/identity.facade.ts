import { Inject, Injectable } from '@nestjs/common';
import { USER_REPOSITORY, type UserRepository } from './domain/ports.js';
import { CreateAdminUseCase } from './application/create-admin.use-case.js';
import { PrincipalCache } from './application/principal-cache.js';

/** What other contexts and the CLI may ask of Identity. */
@Injectable()
export class IdentityFacade {
  constructor(
    private readonly createAdmin: CreateAdminUseCase,
    private readonly principals: PrincipalCache,
    @Inject(USER_REPOSITORY) private readonly users: UserRepository,
  ) {}

  async exists(userId: string): Promise<boolean> {
    return (await this.users.findById(userId)) !== null;
  }

  /** How a user is shown to others (null once deleted); `active` is false while consent is pending or after a denial. */
  async publicProfile(userId: string): Promise<PublicProfile | null> {
    const u = await this.users.findById(userId);
    if (!u) return null;
    return {
      userId: u.id,
      username: u.displayName,
      fullName: `${u.firstName} ${u.lastName}`.trim(),
      isPremium: u.isPremium,
      creatorProgram: u.creatorProgram,
      active: u.status === 'active',
      joinedAt: u.createdAt,
    };
  }

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

export interface PublicProfile {
  userId: string;
  username: string;
  fullName: string;
  isPremium: boolean;
  creatorProgram: boolean;
  active: boolean;
  joinedAt: Date;
}
