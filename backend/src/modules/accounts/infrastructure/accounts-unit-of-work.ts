import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { MikroUnitOfWork } from '../../../common/database/mikro-unit-of-work.js';
import { HandleTaken } from '../domain/accounts.errors.js';

@Injectable()
export class AccountsUnitOfWork extends MikroUnitOfWork {
  constructor(em: EntityManager) {
    super(em, { accounts_handle_unique: HandleTaken });
  }
}
