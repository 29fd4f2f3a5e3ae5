import { Injectable } from '@nestjs/common';
import type { UserDirectory } from '../domain/admins.js';

/** Holds the UserDirectory Identity registers at start-up (SystemAdminFacade.useUserDirectory). */
@Injectable()
export class UserDirectoryRef {
  private directory?: UserDirectory;

  use(directory: UserDirectory): void {
    this.directory = directory;
  }

  get(): UserDirectory {
    if (!this.directory) throw new Error('No user directory: the Identity module registers it at start-up');
    return this.directory;
  }

  /** The acting admin as the audit log names them. */
  async actor(userId: string): Promise<{ userId: string; username: string | null }> {
    return { userId, username: (await this.get().usernames([userId])).get(userId) ?? null };
  }
}
