import type { Provider } from '@nestjs/common';
import { GrantAdminUseCase, ListAdminsQuery, RevokeAdminUseCase } from '../application/admins.use-cases.js';
import { UserDirectoryRef } from '../application/user-directory.js';

/** The Admins tab's providers (the user directory Identity registers, and the admin accounts' use cases). */
export const ADMINS_PROVIDERS: Provider[] = [UserDirectoryRef, ListAdminsQuery, GrantAdminUseCase, RevokeAdminUseCase];
