import { Module } from '@nestjs/common';
import { SocialModule } from '../social/social.module.js';
import { IdentityModule } from '../identity/identity.module.js';
import { CatalogModule } from '../catalog/catalog.module.js';
import { NotificationEvents } from './application/notification-events.js';
import { NotificationsService } from './application/notifications.service.js';
import { NOTIFICATION_STORE } from './domain/notification.js';
import { NotificationsController } from './http/notifications.controller.js';
import { PgNotificationStore } from './infrastructure/pg-notification-store.js';

/** Notifications from durable events, their list and read state, and their live push over the realtime gateway. */
@Module({
  imports: [SocialModule, IdentityModule, CatalogModule],
  controllers: [NotificationsController],
  providers: [{ provide: NOTIFICATION_STORE, useClass: PgNotificationStore }, NotificationsService, NotificationEvents],
})
export class NotificationsModule {}
