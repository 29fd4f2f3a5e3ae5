import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { FeatureFlags } from './feature-flags.js';
import { FeatureGuard } from './requires-feature.js';

/** The feature flags every context reads (FeatureFlags) and the global guard behind @RequiresFeature. */
@Global()
@Module({ providers: [FeatureFlags, { provide: APP_GUARD, useClass: FeatureGuard }], exports: [FeatureFlags] })
export class FeaturesModule {}
