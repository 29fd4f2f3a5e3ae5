export class NotificationLinkDto {
  /** user, video, reel, movie, live, membership, payout, report, partner, strikes (the creator's strikes, in the partner program screen) or tournament. */
  kind: string;
  id: string;
}

export class NotificationDto {
  id: string;
  /**
   * new_follower, new_upload, new_comment, comment_reply, super_chat, membership, payout, report_resolved,
   * partner_decision, content_removed, strike, appeal_decided or tournament (started, cancelled, completed, won).
   */
  type: string;
  title: string;
  message: string;
  read: boolean;
  created_at: string;
  link: NotificationLinkDto | null;
}

export class NotificationListDto {
  notifications: NotificationDto[];
  unread_count: number;
  next_cursor: string | null;
}

export class NotificationReadDto {
  id: string;
  read: boolean;
  unread_count: number;
}

export class NotificationsReadAllDto {
  /** How many were unread. */
  updated: number;
  unread_count: number;
}
