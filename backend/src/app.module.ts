import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import type { MikroORM } from '@mikro-orm/postgresql';
import { AuthModule } from './common/auth/auth.module.js';
import { APP_CONFIG, type AppConfig } from './common/config/config.js';
import { DatabaseModule } from './common/database/database.module.js';
import { FeaturesModule } from './common/features/features.module.js';
import { MaintenanceModule } from './common/maintenance/maintenance.module.js';
import { ErrorFilter } from './common/http/error.filter.js';
import { HealthController } from './common/http/health.controller.js';
import { RateLimitGuard } from './common/http/rate-limit.guard.js';
import { JobsModule } from './common/jobs/jobs.module.js';
import { MailModule } from './common/mail/mail.module.js';
import { EventsModule } from './common/events/events.module.js';
import { StorageModule } from './common/storage/storage.module.js';
import { AccountsModule } from './modules/accounts/accounts.module.js';
import { IdentityModule } from './modules/identity/identity.module.js';
import { SystemAdminModule } from './modules/system-admin/system-admin.module.js';
import { CatalogModule } from './modules/catalog/catalog.module.js';
import { UploadModule } from './modules/upload/upload.module.js';
import { SocialModule } from './modules/social/social.module.js';
import { NotificationsModule } from './modules/notifications/notifications.module.js';
import { PaymentsModule } from './modules/payments/payments.module.js';
import { MonetizationModule } from './modules/monetization/monetization.module.js';
import { ModerationModule } from './modules/moderation/moderation.module.js';
import { DemoModule } from './modules/demo/demo.module.js';
import { LiveModule } from './modules/live/live.module.js';
import { FounderModule } from './modules/founder/founder.module.js';
import { RealtimeModule } from './common/realtime/realtime.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, orm: MikroORM, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        DatabaseModule.forRoot(orm, databaseUrl),
        MaintenanceModule,
        FeaturesModule,
        ScheduleModule.forRoot(),
        JobsModule,
        EventsModule,
        StorageModule,
        MailModule,
        RealtimeModule,
        AuthModule.forRoot(IdentityModule),
        AccountsModule,
        IdentityModule,
        SystemAdminModule,
        CatalogModule,
        UploadModule,
        SocialModule,
        NotificationsModule,
        PaymentsModule,
        MonetizationModule,
        ModerationModule,
        LiveModule,
        FounderModule,
        DemoModule,
      ],
      controllers: [HealthController],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        // One instance, the global guard, that the founder's health figures can ask (the addresses over their budget).
        RateLimitGuard,
        { provide: APP_GUARD, useExisting: RateLimitGuard },
        { provide: APP_FILTER, useClass: ErrorFilter },
      ],
      exports: [APP_CONFIG, RateLimitGuard],
    };
  }
}
