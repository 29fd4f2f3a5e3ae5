import { randomUUID } from 'node:crypto';
import type { AccountFields } from './account-rules.js';
import { PrimaryNotDeletable } from './accounts.errors.js';

export type { AccountType, ChannelLink, CommentPermission, NotificationSettings, PrivacySettings, Visibility } from './account-types.js';
import type { AccountType, ChannelLink, NotificationSettings, PrivacySettings, Visibility } from './account-types.js';

export const HANDLE_RE = /^[a-z0-9_.]{3,30}$/;
export const MAX_ACCOUNTS_PER_USER = 10;

/** A handle as a channel address names it: any case; null when it cannot be a handle (3-30 of a-z 0-9 _ .). */
export function channelHandleKey(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const handle = raw.toLowerCase();
  return HANDLE_RE.test(handle) ? handle : null;
}

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

/** A new banner's key: `banners/wide/<uuid>.webp`. */
export function newBannerKey(id: string): string {
  return `banners/wide/${id}.webp`;
}

/** The banner is stored twice: wide (BANNER_SIZE) under its key, and phone-sized (BANNER_SMALL_SIZE) under this one. */
export function smallBannerKey(bannerKey: string): string {
  return bannerKey.replace(/^banners\/wide\//, 'banners/small/');
}

/** The banner's sizes: a wide strip, cover-cropped, and a copy for phones. */
export const BANNER_SIZE = { width: 2048, height: 512 } as const;
export const BANNER_SMALL_SIZE = { width: 1024, height: 256 } as const;

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
  /** Storage key of the current profile photo (a square WebP); its URL is derived from it. */
  photoKey: string | null = null;
  /** Storage key of the current banner (a wide WebP; its phone-sized copy's key is derived, smallBannerKey). */
  bannerKey: string | null = null;
  /** The links the channel shows (at most MAX_LINKS), in the owner's order. */
  links: ChannelLink[] = [];
  isPrimary = false;
  isActive = false;
  privacySettings: PrivacySettings = { ...DEFAULT_PRIVACY };
  notificationSettings: NotificationSettings = { ...DEFAULT_NOTIFICATIONS };
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
  /** Set when the owner deletes it; a background job then removes its content and the row. */
  deletedAt: Date | null = null;

  static create(userId: string, fields: AccountFields & { displayName: string; handle: string }): Account {
    const a = new Account();
    a.userId = userId;
    a.handle = fields.handle;
    a.apply(fields);
    return a;
  }

  /** Applies validated fields; settings merge key by key. */
  apply(fields: AccountFields): void {
    if (fields.accountType !== undefined) this.accountType = fields.accountType;
    if (fields.displayName !== undefined) this.displayName = fields.displayName;
    if (fields.handle !== undefined) this.handle = fields.handle;
    if (fields.bio !== undefined) this.bio = fields.bio;
    if (fields.location !== undefined) this.location = fields.location;
    if (fields.website !== undefined) this.website = fields.website;
    if (fields.links !== undefined) this.links = fields.links.map((l) => ({ label: l.label, url: l.url }));
    if (fields.privacySettings) this.privacySettings = { ...this.privacySettings, ...fields.privacySettings };
    if (fields.notificationSettings) this.notificationSettings = { ...this.notificationSettings, ...fields.notificationSettings };
    this.updatedAt = new Date();
  }

  /** Deleting is refused for the primary account; the content goes later, by a job. */
  markDeleted(now = new Date()): void {
    if (this.isPrimary) throw PrimaryNotDeletable();
    this.release(now);
  }

  /** Gone for its owner at once: inactive, and its handle free for others (a '-' handle no one can choose). */
  release(now = new Date()): void {
    this.deletedAt = now;
    this.isActive = false;
    this.handle = `-${this.id.replace(/-/g, '').slice(0, 29)}`;
  }

  /** Who may see what this account publishes: private profile hides everything, else the video visibility. */
  get mediaVisibility(): Visibility {
    return this.privacySettings.profile_visibility === 'private' ? 'private' : this.privacySettings.video_visibility;
  }

  get isPrivate(): boolean {
    return this.privacySettings.profile_visibility === 'private';
  }

  /** A private account is seen only by its owner; every list of accounts shown to others filters by this. */
  isVisibleTo(viewerUserId: string | null): boolean {
    return this.deletedAt === null && (!this.isPrivate || this.userId === viewerUserId);
  }

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
