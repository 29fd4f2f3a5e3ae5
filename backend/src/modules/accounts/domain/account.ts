import { randomUUID } from 'node:crypto';

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

export const HANDLE_RE = /^[a-z0-9_.]{3,30}$/;
export const MAX_ACCOUNTS_PER_USER = 10;

export const DEFAULT_PRIVACY: PrivacySettings = { profile_visibility: 'public', video_visibility: 'public', comment_permissions: 'everyone' };
export const DEFAULT_NOTIFICATIONS: NotificationSettings = {
  email_notifications: true,
  push_notifications: true,
  comment_notifications: true,
  like_notifications: true,
};

/** Candidate handles derived from a display name: the name itself, then numbered variants. */
export function handleCandidates(displayName: string): string[] {
  let base = displayName.toLowerCase().replace(/[^a-z0-9_.]/g, '').slice(0, 26);
  if (base.length < 3) base = (base + 'channel').slice(0, 26);
  const out = [base];
  for (let i = 2; i <= 20; i++) out.push(`${base}${i}`);
  return out;
}

/** A channel: what a user publishes belongs to one of their accounts. */
export class Account {
  id: string = randomUUID();
  userId: string;
  accountType: AccountType = 'creator';
  displayName: string;
  handle: string;
  bio: string | null = null;
  location: string | null = null;
  website: string | null = null;
  profilePhotoUrl: string | null = null;
  isPrimary = false;
  isActive = false;
  privacySettings: PrivacySettings = { ...DEFAULT_PRIVACY };
  notificationSettings: NotificationSettings = { ...DEFAULT_NOTIFICATIONS };
  createdAt: Date = new Date();
  updatedAt: Date = new Date();

  static primary(userId: string, displayName: string, handle: string): Account {
    const a = new Account();
    a.userId = userId;
    a.displayName = displayName;
    a.handle = handle;
    a.isPrimary = true;
    a.isActive = true;
    return a;
  }
}
