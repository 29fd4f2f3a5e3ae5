import { smallBannerKey, type Account, type AccountType, type ChannelLink, type NotificationSettings, type PrivacySettings, type Visibility } from '../domain/account.js';

/** Where an account's profile photo is served, or null. */
export function photoUrl(account: Account): string | null {
  return account.photoKey ? `/api/media/${account.photoKey}` : null;
}

/** Where an account's banner is served (wide, and the phone-sized copy), or nulls. */
export function bannerUrls(account: Account): { banner_url: string | null; banner_small_url: string | null } {
  if (!account.bannerKey) return { banner_url: null, banner_small_url: null };
  return { banner_url: `/api/media/${account.bannerKey}`, banner_small_url: `/api/media/${smallBannerKey(account.bannerKey)}` };
}

/** The account's links, copied. */
export function linksOf(account: Account): ChannelLink[] {
  return account.links.map((l) => ({ label: l.label, url: l.url }));
}

/** An account as its owner sees it (the API's account shape, and the data export's). */
export interface AccountView {
  id: string;
  account_type: AccountType;
  display_name: string;
  handle: string;
  bio: string | null;
  location: string | null;
  website: string | null;
  profile_photo_url: string | null;
  banner_url: string | null;
  banner_small_url: string | null;
  links: ChannelLink[];
  is_primary: boolean;
  is_active: boolean;
  created_at: string;
  privacy_settings: PrivacySettings;
  notification_settings: NotificationSettings;
}

export function toAccountView(a: Account): AccountView {
  return {
    id: a.id,
    account_type: a.accountType,
    display_name: a.displayName,
    handle: a.handle,
    bio: a.bio,
    location: a.location,
    website: a.website,
    profile_photo_url: photoUrl(a),
    ...bannerUrls(a),
    links: linksOf(a),
    is_primary: a.isPrimary,
    is_active: a.isActive,
    created_at: a.createdAt.toISOString(),
    privacy_settings: { ...a.privacySettings },
    notification_settings: { ...a.notificationSettings },
  };
}

/** How an account is shown next to what it published, to other contexts. */
export interface AccountSummary {
  accountId: string;
  userId: string;
  displayName: string;
  handle: string;
  photoUrl: string | null;
  visibility: Visibility;
}

export function toAccountSummary(a: Account): AccountSummary {
  return { accountId: a.id, userId: a.userId, displayName: a.displayName, handle: a.handle, photoUrl: photoUrl(a), visibility: a.mediaVisibility };
}
