import type { components } from '../../api/schema';

export type NotificationDto = components['schemas']['NotificationDto'];
export type NotificationList = components['schemas']['NotificationListDto'];
