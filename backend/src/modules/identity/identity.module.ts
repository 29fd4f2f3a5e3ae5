import { Module, type OnModuleInit } from '@nestjs/common';
import { PRINCIPAL_LOADER } from '../../common/auth/principal.js';
import { AccountsModule } from '../accounts/accounts.module.js';
import { SystemAdminModule } from '../system-admin/system-admin.module.js';
import { SystemAdminFacade } from '../system-admin/system-admin.facade.js';
import { AdminAccountsUseCases, UserActivity } from './application/admin-accounts.use-cases.js';
import { DeleteMeUseCase, ExportMyDataQuery } from './application/my-data.use-cases.js';
import { CreateAdminUseCase } from './application/create-admin.use-case.js';
import { CreateSampleCreatorUseCase } from './application/create-sample-creator.use-case.js';
import { ExpirePremiumsUseCase } from './application/expire-premiums.use-case.js';
import { ExtendPremiumUseCase } from './application/extend-premium.use-case.js';
import { IdentityPrincipalLoader } from './application/identity-principal-loader.js';
import { LoginUseCase } from './application/login.use-case.js';
import { ParentalConsentUseCases } from './application/parental-consent.use-cases.js';
import { PrincipalCache } from './application/principal-cache.js';
import { RegisterUserUseCase } from './application/register-user.use-case.js';
import { SetCreatorProgramUseCase } from './application/set-creator-program.use-case.js';
import { SignOutEverywhereUseCase } from './application/sign-out-everywhere.use-case.js';
import { CLOCK, CONSENT_REPOSITORY, LOGIN_THROTTLE, PASSWORD_HASHER, UNIT_OF_WORK, USER_REPOSITORY } from './domain/ports.js';
import { AdminAuthController } from './http/admin-auth.controller.js';
import { IdentityController } from './http/identity.controller.js';
import { Argon2Hasher } from './infrastructure/argon2-hasher.js';
import { MikroConsentRepository, MikroUserRepository } from './infrastructure/mikro-identity.repositories.js';
import { IdentityUnitOfWork } from './infrastructure/mikro-unit-of-work.js';
import { PgLoginThrottle } from './infrastructure/pg-login-throttle.js';
import { PgSignInReadings } from './infrastructure/pg-sign-in-readings.js';
import { SIGN_IN_READINGS } from './domain/sign-in-readings.js';
import { SystemClock } from './infrastructure/system-clock.js';
import { PgUserRecords } from './infrastructure/pg-user-records.js';
import { USER_RECORDS } from './domain/user-records.port.js';
import { IdentityFacade } from './identity.facade.js';
import { AppTokens } from './application/app-tokens.use-cases.js';
import { APP_TOKEN_REPOSITORY } from './domain/app-token.js';
import { AppTokensController } from './http/app-tokens.controller.js';
import { PgAppTokens } from './infrastructure/pg-app-tokens.js';

@Module({
  imports: [AccountsModule, SystemAdminModule],
  controllers: [IdentityController, AdminAuthController, AppTokensController],
  providers: [
    { provide: USER_REPOSITORY, useClass: MikroUserRepository },
    { provide: CONSENT_REPOSITORY, useClass: MikroConsentRepository },
    { provide: PASSWORD_HASHER, useClass: Argon2Hasher },
    { provide: CLOCK, useClass: SystemClock },
    { provide: LOGIN_THROTTLE, useClass: PgLoginThrottle },
    { provide: SIGN_IN_READINGS, useClass: PgSignInReadings },
    { provide: UNIT_OF_WORK, useClass: IdentityUnitOfWork },
    { provide: USER_RECORDS, useClass: PgUserRecords },
    { provide: APP_TOKEN_REPOSITORY, useClass: PgAppTokens },
    AppTokens,
    PrincipalCache,
    IdentityPrincipalLoader,
    { provide: PRINCIPAL_LOADER, useExisting: IdentityPrincipalLoader },
    RegisterUserUseCase,
    LoginUseCase,
    SignOutEverywhereUseCase,
    ParentalConsentUseCases,
    CreateAdminUseCase,
    ExportMyDataQuery,
    DeleteMeUseCase,
    ExtendPremiumUseCase,
    ExpirePremiumsUseCase,
    SetCreatorProgramUseCase,
    CreateSampleCreatorUseCase,
    AdminAccountsUseCases,
    UserActivity,
    IdentityFacade,
  ],
  exports: [IdentityFacade, PRINCIPAL_LOADER],
})
export class IdentityModule implements OnModuleInit {
  constructor(
    private readonly systemAdmin: SystemAdminFacade,
    private readonly identity: IdentityFacade,
  ) {}

  /** The admin console lists and changes admins and counts active users through this facade (it cannot import Identity). */
  onModuleInit(): void {
    this.systemAdmin.useUserDirectory(this.identity);
  }
}
