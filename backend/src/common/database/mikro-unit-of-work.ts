import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import type { UnitOfWork } from './unit-of-work.port.js';

/**
 * Flushes the request's EntityManager. A context lists which unique constraints mean which domain error, so a lost
 * race answers with the same 409 as the check made before it.
 */
export class MikroUnitOfWork implements UnitOfWork {
  constructor(
    protected readonly em: EntityManager,
    private readonly constraints: Record<string, () => Error> = {},
  ) {}

  async commit(): Promise<void> {
    try {
      await this.em.flush();
    } catch (e) {
      throw this.translate(e) ?? e;
    }
  }

  async inTransaction<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await this.em.transactional(() => fn());
    } catch (e) {
      throw this.translate(e) ?? e;
    }
  }

  async lockUser(userId: string): Promise<void> {
    await this.em.execute('select pg_advisory_xact_lock(hashtext(?))', [`${this.lockScope}:${userId}`]);
  }

  protected get lockScope(): string {
    return this.constructor.name;
  }

  protected translate(e: unknown): Error | undefined {
    if (e instanceof UniqueConstraintViolationException) {
      for (const [name, error] of Object.entries(this.constraints)) if (e.message.includes(name)) return error();
    }
    return undefined;
  }
}
