import { Module } from '@nestjs/common';
import { AccountsFacade } from './accounts.facade.js';

@Module({
  providers: [AccountsFacade],
  exports: [AccountsFacade],
})
export class AccountsModule {}
