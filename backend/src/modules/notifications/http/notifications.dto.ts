export class NotificationLinkDto {
  /** user, video, reel, movie, live, membership, payout, report, partner or strikes (the creator's strikes, in the partner program screen). */
  kind: string;
  id: string;
}

export class NotificationDto {
  id: string;
  /**
   * new_follower, new_upload, new_comment, comment_reply, super_chat, membership, payout, report_resolved,
   * partner_decision, content_removed, strike or appeal_decided.
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
