import type { FieldProblem } from '../../../common/errors/domain-error.js';
import type { AccountType, ChannelLink, CommentPermission, NotificationSettings, PrivacySettings, Visibility } from './account-types.js';

export const ACCOUNT_TYPES: AccountType[] = ['creator', 'brand', 'personal'];
export const VISIBILITIES: Visibility[] = ['public', 'unlisted', 'private'];
export const COMMENT_PERMISSIONS: CommentPermission[] = ['everyone', 'subscribers', 'none'];
export const NOTIFICATION_KEYS: (keyof NotificationSettings)[] = ['email_notifications', 'push_notifications', 'comment_notifications', 'like_notifications'];

export const LIMITS = { displayName: 100, bio: 1000, location: 100, website: 300, links: 5, linkLabel: 40, linkUrl: 500 } as const;

export const ACCOUNT_MESSAGES = {
  displayNameRequired: 'Display name is required',
  displayNameTooLong: `Display name must be at most ${LIMITS.displayName} characters`,
  accountType: 'Account type must be creator, brand or personal',
  handle: 'Handle must be 3-30 characters: lowercase letters, numbers, underscores or dots',
  bio: `Bio must be at most ${LIMITS.bio} characters`,
  location: `Location must be at most ${LIMITS.location} characters`,
  website: 'Website must be an http or https address',
  links: `Add at most ${LIMITS.links} links`,
  linkShape: 'Each link needs a label and an address',
  linkLabelRequired: 'Each link needs a label',
  linkLabelTooLong: `Link labels must be at most ${LIMITS.linkLabel} characters`,
  linkUrl: 'Links must be http or https addresses',
  linkUrlTooLong: `Link addresses must be at most ${LIMITS.linkUrl} characters`,
  visibility: (field: string) => `${field} must be public, unlisted or private`,
  comments: 'Comment permissions must be everyone, subscribers or none',
  notification: (field: string) => `${field} must be true or false`,
} as const;

export interface AccountFields {
  accountType?: AccountType;
  displayName?: string;
  handle?: string;
  bio?: string | null;
  location?: string | null;
  website?: string | null;
  links?: ChannelLink[];
  privacySettings?: Partial<PrivacySettings>;
  notificationSettings?: Partial<NotificationSettings>;
}

export interface AccountInput {
  account_type?: unknown;
  display_name?: unknown;
  handle?: unknown;
  bio?: unknown;
  location?: unknown;
  website?: unknown;
  links?: unknown;
  privacy_settings?: unknown;
  notification_settings?: unknown;
}

/** Control characters (NUL included), which no label or address may hold. */
const CONTROL = /[\u0000-\u001f\u007f]/;

/** An http or https address with a host and no user name or password in it (what a link may be). */
export function isLinkAddress(text: string): boolean {
  if (CONTROL.test(text) || /\s/.test(text)) return false;
  try {
    const u = new URL(text);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname && !u.username && !u.password;
  } catch {
    return false;
  }
}

/** The channel's links: a list of at most LIMITS.links { label, url }, each trimmed and bounded. */
function validateLinks(input: unknown, problems: FieldProblem[]): ChannelLink[] | undefined {
  if (!Array.isArray(input)) {
    problems.push({ field: 'links', message: ACCOUNT_MESSAGES.linkShape });
    return undefined;
  }
  if (input.length > LIMITS.links) {
    problems.push({ field: 'links', message: ACCOUNT_MESSAGES.links });
    return undefined;
  }
  const links: ChannelLink[] = [];
  const before = problems.length;
  input.forEach((item: unknown, i) => {
    if (!isObject(item)) {
      problems.push({ field: `links.${i}`, message: ACCOUNT_MESSAGES.linkShape });
      return;
    }
    const label = typeof item.label === 'string' ? item.label.trim() : '';
    const url = typeof item.url === 'string' ? item.url.trim() : '';
    if (!label || CONTROL.test(label)) problems.push({ field: `links.${i}.label`, message: ACCOUNT_MESSAGES.linkLabelRequired });
    else if (label.length > LIMITS.linkLabel) problems.push({ field: `links.${i}.label`, message: ACCOUNT_MESSAGES.linkLabelTooLong });
    if (url.length > LIMITS.linkUrl) problems.push({ field: `links.${i}.url`, message: ACCOUNT_MESSAGES.linkUrlTooLong });
    else if (!isLinkAddress(url)) problems.push({ field: `links.${i}.url`, message: ACCOUNT_MESSAGES.linkUrl });
    links.push({ label, url });
  });
  return problems.length === before ? links : undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Optional text: undefined leaves it, '' or null clears it, otherwise trimmed and bounded. */
function optionalText(v: unknown, max: number, field: string, message: string, problems: FieldProblem[]): string | null | undefined {
  if (v === undefined) return undefined;
  if (v === null) return null;
  if (typeof v !== 'string') {
    problems.push({ field, message });
    return undefined;
  }
  const t = v.trim();
  if (t.length > max) problems.push({ field, message });
  return t === '' ? null : t;
}

/**
 * The account rules of seed 000 §5 and product.md §3. `creating` makes the display name required; on update every
 * field is optional and only what is present changes.
 */
export function validateAccountInput(input: AccountInput, creating: boolean): { problems: FieldProblem[]; value: AccountFields } {
  const problems: FieldProblem[] = [];
  const value: AccountFields = {};
  if (creating || input.account_type !== undefined) {
    const t = input.account_type ?? 'creator';
    if (!ACCOUNT_TYPES.includes(t as AccountType)) problems.push({ field: 'account_type', message: ACCOUNT_MESSAGES.accountType });
    else if (creating) value.accountType = t as AccountType;
    else if (input.account_type !== undefined) value.accountType = t as AccountType;
  }
  if (creating || input.display_name !== undefined) {
    const name = typeof input.display_name === 'string' ? input.display_name.trim() : '';
    if (!name) problems.push({ field: 'display_name', message: ACCOUNT_MESSAGES.displayNameRequired });
    else if (name.length > LIMITS.displayName) problems.push({ field: 'display_name', message: ACCOUNT_MESSAGES.displayNameTooLong });
    else value.displayName = name;
  }
  if (input.handle !== undefined && input.handle !== null && input.handle !== '') {
    const h = typeof input.handle === 'string' ? input.handle.trim().replace(/^@/, '').toLowerCase() : '';
    if (!/^[a-z0-9_.]{3,30}$/.test(h)) problems.push({ field: 'handle', message: ACCOUNT_MESSAGES.handle });
    else value.handle = h;
  }
  const bio = optionalText(input.bio, LIMITS.bio, 'bio', ACCOUNT_MESSAGES.bio, problems);
  if (bio !== undefined) value.bio = bio;
  const location = optionalText(input.location, LIMITS.location, 'location', ACCOUNT_MESSAGES.location, problems);
  if (location !== undefined) value.location = location;
  const website = optionalText(input.website, LIMITS.website, 'website', ACCOUNT_MESSAGES.website, problems);
  if (website) {
    let ok = false;
    try {
      const u = new URL(website);
      ok = (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
    } catch {
      ok = false;
    }
    if (!ok) problems.push({ field: 'website', message: ACCOUNT_MESSAGES.website });
    else value.website = website;
  } else if (website === null) value.website = null;
  if (input.links !== undefined) {
    const links = validateLinks(input.links, problems);
    if (links) value.links = links;
  }

  if (input.privacy_settings !== undefined) {
    if (!isObject(input.privacy_settings)) problems.push({ field: 'privacy_settings', message: ACCOUNT_MESSAGES.visibility('Profile visibility') });
    else {
      const p = input.privacy_settings;
      const privacy: Partial<PrivacySettings> = {};
      for (const [key, label] of [['profile_visibility', 'Profile visibility'], ['video_visibility', 'Video visibility']] as const) {
        if (p[key] === undefined) continue;
        if (!VISIBILITIES.includes(p[key] as Visibility)) problems.push({ field: `privacy_settings.${key}`, message: ACCOUNT_MESSAGES.visibility(label) });
        else privacy[key] = p[key] as Visibility;
      }
      if (p.comment_permissions !== undefined) {
        if (!COMMENT_PERMISSIONS.includes(p.comment_permissions as CommentPermission)) {
          problems.push({ field: 'privacy_settings.comment_permissions', message: ACCOUNT_MESSAGES.comments });
        } else privacy.comment_permissions = p.comment_permissions as CommentPermission;
      }
      value.privacySettings = privacy;
    }
  }
  if (input.notification_settings !== undefined) {
    if (!isObject(input.notification_settings)) problems.push({ field: 'notification_settings', message: ACCOUNT_MESSAGES.notification('Notification settings') });
    else {
      const n = input.notification_settings;
      const notifications: Partial<NotificationSettings> = {};
      for (const key of NOTIFICATION_KEYS) {
        if (n[key] === undefined) continue;
        if (typeof n[key] !== 'boolean') problems.push({ field: `notification_settings.${key}`, message: ACCOUNT_MESSAGES.notification(key) });
        else notifications[key] = n[key] as boolean;
      }
      value.notificationSettings = notifications;
    }
  }
  return { problems, value };
}
