import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { MikroUnitOfWork } from '../../../common/database/mikro-unit-of-work.js';

@Injectable()
export class SocialUnitOfWork extends MikroUnitOfWork {
  constructor(em: EntityManager) {
    super(em);
  }
}
