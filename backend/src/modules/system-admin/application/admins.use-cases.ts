import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { adminsErrors, type AdminAccount } from '../domain/admins.js';
import { AdminAuditLog } from './admin-audit-log.js';
import { UserDirectoryRef } from './user-directory.js';

export interface AdminListItem extends AdminAccount {
  /** When an admin made them one in the console (the latest `admin.granted`); null for admins made by the CLI or the environment. */
  since: Date | null;
}

/** The admin console's list of administrators, by username. */
@Injectable()
export class ListAdminsQuery {
  constructor(
    private readonly directory: UserDirectoryRef,
    private readonly audit: AdminAuditLog,
  ) {}

  async execute(): Promise<AdminListItem[]> {
    const admins = await this.directory.get().admins();
    const since = await this.audit.latestOf('admin.granted', admins.map((a) => a.userId));
    return admins.map((a) => ({ ...a, since: since.get(a.userId) ?? null }));
  }
}

/**
 * An admin makes another user an admin (by display name or email); audited `admin.granted` in the same transaction.
 * Refused with 401 when the actor stopped being an admin while the request waited for the admins lock.
 */
@Injectable()
export class GrantAdminUseCase {
  constructor(
    private readonly em: EntityManager,
    private readonly directory: UserDirectoryRef,
    private readonly audit: AdminAuditLog,
  ) {}

  async execute(actorUserId: string, identifier: string): Promise<{ userId: string; username: string }> {
    const directory = this.directory.get();
    const actor = await this.directory.actor(actorUserId);
    const granted = await this.em.transactional(async () => {
      const r = await directory.grantAdmin(actorUserId, identifier);
      if (r.outcome === 'actor_not_admin') throw adminsErrors.actorNotAdmin();
      if (r.outcome === 'not_found') throw adminsErrors.userNotFound();
      if (r.outcome === 'already_admin') throw adminsErrors.alreadyAdmin();
      if (r.outcome === 'inactive') throw adminsErrors.inactive();
      await this.audit.record({ adminUserId: actor.userId, adminUsername: actor.username, action: 'admin.granted', target: r.userId, detail: { username: r.username } });
      return { userId: r.userId, username: r.username };
    });
    await directory.refreshPrincipal(granted.userId);
    return granted;
  }
}

/**
 * An admin removes an admin (themselves too, while another remains); never the last one. Their tokens stop working
 * at once (console and app: Identity bumps their token version). Audited `admin.revoked` in the same transaction.
 * Refused with 401 when the actor stopped being an admin while the request waited for the admins lock.
 */
@Injectable()
export class RevokeAdminUseCase {
  constructor(
    private readonly em: EntityManager,
    private readonly directory: UserDirectoryRef,
    private readonly audit: AdminAuditLog,
  ) {}

  async execute(actorUserId: string, userId: string): Promise<void> {
    const directory = this.directory.get();
    const actor = await this.directory.actor(actorUserId);
    await this.em.transactional(async () => {
      const r = await directory.revokeAdmin(actorUserId, userId);
      if (r.outcome === 'actor_not_admin') throw adminsErrors.actorNotAdmin();
      if (r.outcome === 'not_admin') throw adminsErrors.adminNotFound();
      if (r.outcome === 'last_admin') throw adminsErrors.lastAdmin();
      await this.audit.record({
        adminUserId: actor.userId,
        adminUsername: actor.username,
        action: 'admin.revoked',
        target: r.userId,
        detail: { username: r.username, self: r.userId === actor.userId },
      });
    });
    await directory.refreshPrincipal(userId);
  }
}
