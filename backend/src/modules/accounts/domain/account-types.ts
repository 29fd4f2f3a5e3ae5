/** The value types of an account (seed 000 §3). */
export type AccountType = 'creator' | 'brand' | 'personal';
export type Visibility = 'public' | 'unlisted' | 'private';
export type CommentPermission = 'everyone' | 'subscribers' | 'none';

export interface PrivacySettings {
  profile_visibility: Visibility;
  video_visibility: Visibility;
  comment_permissions: CommentPermission;
}

export interface NotificationSettings {
  email_notifications: boolean;
  push_notifications: boolean;
  comment_notifications: boolean;
  like_notifications: boolean;
}

/** A link a channel shows on its page (label and an http or https address). */
export interface ChannelLink {
  label: string;
  url: string;
}
