import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { MikroUnitOfWork } from '../../../common/database/mikro-unit-of-work.js';
import { liveErrors } from '../domain/live.errors.js';

/** Live's transactions; a second open stream lost in a race (the partial unique index) answers the same 409 as the check. */
@Injectable()
export class LiveUnitOfWork extends MikroUnitOfWork {
  constructor(em: EntityManager) {
    super(em, { live_streams_one_open: liveErrors.alreadyLive });
  }
}
