import { Injectable } from '@nestjs/common';
import { RequestContext } from '@mikro-orm/core';
import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { MikroUnitOfWork } from '../../../common/database/mikro-unit-of-work.js';
import type { MoneyUnitOfWork } from '../domain/ports.js';

@Injectable()
export class MikroMoneyUnitOfWork extends MikroUnitOfWork implements MoneyUnitOfWork {
  constructor(
    em: EntityManager,
    private readonly orm: MikroORM,
  ) {
    super(em);
  }

  /** A transaction-scoped advisory lock, tried without waiting. */
  async tryLock(name: string): Promise<boolean> {
    const [{ locked }] = await this.em.execute<{ locked: boolean }[]>('select pg_try_advisory_xact_lock(hashtext(?)) as locked', [name]);
    return locked;
  }

  isolated<T>(fn: () => Promise<T>): Promise<T> {
    return RequestContext.create(this.orm.em, fn);
  }
}
