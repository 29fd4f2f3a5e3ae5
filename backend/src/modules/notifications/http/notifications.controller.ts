import { Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, UserAuthGuard } from '../../../common/auth/guards.js';
import type { Principal } from '../../../common/auth/principal.js';
import { DomainError } from '../../../common/errors/domain-error.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { pageSize } from '../../../common/keyset.js';
import { PageQueryDto } from '../../../common/http/page-query.dto.js';
import { NotificationsService, view } from '../application/notifications.service.js';
import { NOTIFICATIONS_PAGE } from '../domain/notification.js';
import { NotificationListDto, NotificationReadDto, NotificationsReadAllDto } from './notifications.dto.js';

const NotFound = () => new DomainError('not_found', 'NOTIFICATIONS.NOT_FOUND', 'Notification not found');

@ApiTags('notifications')
@Controller('api/notifications')
@UseGuards(UserAuthGuard)
@ApiBearerAuth()
@ApiResponse({ status: 401, type: ErrorResponseDto })
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  /** Newest first (20 by default) with the number still unread. New ones also arrive over /api/realtime. */
  @Get()
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  async listNotifications(@CurrentPrincipal() p: Principal, @Query() q: PageQueryDto): Promise<NotificationListDto> {
    const [page, unread] = await this.notifications.list(p.userId, pageSize(q.limit, NOTIFICATIONS_PAGE), q.cursor);
    return { notifications: page.items.map(view), unread_count: unread, next_cursor: page.nextCursor };
  }

  /** Marks every notification read. */
  @Post('read-all')
  @HttpCode(200)
  async markAllNotificationsRead(@CurrentPrincipal() p: Principal): Promise<NotificationsReadAllDto> {
    return { updated: await this.notifications.markAllRead(p.userId), unread_count: 0 };
  }

  /** Marks one of your notifications read (someone else's is a 404). */
  @Post(':id/read')
  @HttpCode(200)
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async markNotificationRead(@CurrentPrincipal() p: Principal, @Param('id') id: string): Promise<NotificationReadDto> {
    const r = await this.notifications.markRead(p.userId, id);
    if (!r) throw NotFound();
    return { id: r.notification.id, read: true, unread_count: r.unread };
  }
}
