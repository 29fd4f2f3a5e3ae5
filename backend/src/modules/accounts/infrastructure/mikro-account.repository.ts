import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Account } from '../domain/account.js';
import type { AccountRepository } from '../domain/ports.js';
import { isUuid } from '../../../common/keyset.js';

@Injectable()
export class MikroAccountRepository implements AccountRepository {
  constructor(private readonly em: EntityManager) {}

  listOf(userId: string) {
    return this.em.find(Account, { userId, deletedAt: null }, { orderBy: { isPrimary: 'desc', createdAt: 'asc', id: 'asc' } });
  }

  findOwned(id: string, userId: string) {
    return isUuid(id) ? this.em.findOne(Account, { id, userId, deletedAt: null }) : Promise.resolve(null);
  }

  activeOf(userId: string) {
    return this.em.findOne(Account, { userId, isActive: true, deletedAt: null });
  }

  primaryOf(userId: string) {
    return this.em.findOne(Account, { userId, isPrimary: true, deletedAt: null });
  }

  findMany(ids: string[]) {
    return ids.length ? this.em.find(Account, { id: { $in: ids }, deletedAt: null }) : Promise.resolve([]);
  }

  findByHandle(handle: string) {
    // accounts_handle_unique: one index probe.
    return this.em.findOne(Account, { handle, deletedAt: null });
  }

  async handleTaken(handle: string, exceptId?: string) {
    const found = await this.em.findOne(Account, { handle, ...(exceptId ? { id: { $ne: exceptId } } : {}) }, { fields: ['id'] });
    return found !== null;
  }

  async firstFreeHandle(candidates: string[]) {
    const taken = new Set((await this.em.find(Account, { handle: { $in: candidates } }, { fields: ['handle'] })).map((a) => a.handle));
    return candidates.find((h) => !taken.has(h)) ?? null;
  }

  async lockOwner(userId: string) {
    // em.execute runs on the contextual EntityManager, so inside inTransaction() on the transaction's connection.
    await this.em.execute('select pg_advisory_xact_lock(hashtext(?))', [`accounts:${userId}`]);
  }

  add(account: Account) {
    this.em.persist(account);
  }

  async activate(userId: string, accountId: string) {
    if (!isUuid(accountId)) return false;
    // One statement: every row of the user is rewritten at once, so exactly one stays active whatever runs beside it.
    const res = await this.em.execute(
      `update accounts set is_active = (id = ?), updated_at = now()
        where user_id = ? and deleted_at is null
          and exists (select 1 from accounts where id = ? and user_id = ? and deleted_at is null)`,
      [accountId, userId, accountId, userId],
      'run',
    );
    this.em.clear();
    return (res as unknown as { affectedRows: number }).affectedRows > 0;
  }

  async activatePrimary(userId: string) {
    await this.em.execute('update accounts set is_active = is_primary where user_id = ? and deleted_at is null', [userId], 'run');
    this.em.clear();
  }

  findAwaitingPurge(olderThan: Date, limit: number) {
    return this.em.find(Account, { deletedAt: { $ne: null, $lte: olderThan } }, { limit, orderBy: { deletedAt: 'asc' } });
  }

  findDeleted(id: string) {
    return this.em.findOne(Account, { id, deletedAt: { $ne: null } });
  }

  remove(account: Account) {
    this.em.remove(account);
  }
}
