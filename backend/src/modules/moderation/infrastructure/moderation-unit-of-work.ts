import { Injectable } from '@nestjs/common';
import { RequestContext } from '@mikro-orm/core';
import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { MikroUnitOfWork } from '../../../common/database/mikro-unit-of-work.js';
import type { ModerationUnitOfWork } from '../domain/ports.js';

@Injectable()
export class MikroModerationUnitOfWork extends MikroUnitOfWork implements ModerationUnitOfWork {
  constructor(
    em: EntityManager,
    private readonly orm: MikroORM,
  ) {
    super(em);
  }

  /** A transaction-scoped advisory lock: concurrent holders of the same name wait for each other. */
  async lock(name: string): Promise<void> {
    await this.em.execute('select pg_advisory_xact_lock(hashtext(?))', [`moderation:${name}`]);
  }

  isolated<T>(fn: () => Promise<T>): Promise<T> {
    return RequestContext.create(this.orm.em, fn);
  }
}
