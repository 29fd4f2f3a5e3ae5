import { Module } from '@nestjs/common';
import { AccountsFacade } from './accounts.facade.js';
import { AccountPurge } from './application/account-purge.js';
import { ChannelBannerUseCase } from './application/channel-banner.use-case.js';
import { ChannelPageQuery } from './application/channel-page.query.js';
import { ChannelReportTargetQuery } from './application/channel-report-target.query.js';
import { CreateAccountUseCase } from './application/create-account.use-case.js';
import { CreatePrimaryAccountUseCase } from './application/create-primary-account.use-case.js';
import { DeleteAccountUseCase } from './application/delete-account.use-case.js';
import { ListAccountsQuery } from './application/list-accounts.query.js';
import { ReleaseAllAccountsUseCase } from './application/release-all-accounts.use-case.js';
import { SwitchAccountUseCase } from './application/switch-account.use-case.js';
import { UpdateAccountUseCase } from './application/update-account.use-case.js';
import { UploadProfilePhotoUseCase } from './application/upload-profile-photo.use-case.js';
import { ACCOUNT_REPOSITORY, ACCOUNTS_UNIT_OF_WORK, IMAGE_PROCESSOR } from './domain/ports.js';
import { AccountsController } from './http/accounts.controller.js';
import { ChannelsController } from './http/channels.controller.js';
import { MediaController } from './http/media.controller.js';
import { AccountsUnitOfWork } from './infrastructure/accounts-unit-of-work.js';
import { MikroAccountRepository } from './infrastructure/mikro-account.repository.js';
import { SharpImageProcessor } from './infrastructure/sharp-image-processor.js';

@Module({
  controllers: [AccountsController, ChannelsController, MediaController],
  providers: [
    { provide: ACCOUNT_REPOSITORY, useClass: MikroAccountRepository },
    { provide: ACCOUNTS_UNIT_OF_WORK, useClass: AccountsUnitOfWork },
    { provide: IMAGE_PROCESSOR, useClass: SharpImageProcessor },
    ListAccountsQuery,
    ChannelPageQuery,
    ChannelReportTargetQuery,
    CreateAccountUseCase,
    UpdateAccountUseCase,
    SwitchAccountUseCase,
    DeleteAccountUseCase,
    UploadProfilePhotoUseCase,
    ChannelBannerUseCase,
    CreatePrimaryAccountUseCase,
    ReleaseAllAccountsUseCase,
    AccountPurge,
    AccountsFacade,
  ],
  exports: [AccountsFacade],
})
export class AccountsModule {}
