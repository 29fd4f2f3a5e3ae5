import type { Provider } from '@nestjs/common';
import { ListFeatureFlagsQuery, SetFeatureFlagUseCase } from '../application/feature-flag.use-cases.js';
import { FEATURE_FLAG_REPOSITORY } from '../domain/feature-flag.js';
import { PgFeatureFlagRepository } from './feature-flag.repository.js';

/** The feature flags' use cases and adapters, as SystemAdminModule provides them. */
export const FEATURE_FLAG_PROVIDERS: Provider[] = [
  ListFeatureFlagsQuery,
  SetFeatureFlagUseCase,
  { provide: FEATURE_FLAG_REPOSITORY, useClass: PgFeatureFlagRepository },
];
