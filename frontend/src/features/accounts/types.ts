import type { components } from '../../api/schema';

export type AccountDto = components['schemas']['AccountResponseDto'];
export type AccountType = AccountDto['account_type'];
export type PrivacySettings = components['schemas']['PrivacySettingsDto'];
export type NotificationSettings = components['schemas']['NotificationSettingsDto'];
export type Visibility = PrivacySettings['profile_visibility'];
export type CommentPermission = PrivacySettings['comment_permissions'];
export type CreateAccountRequest = components['schemas']['CreateAccountRequestDto'];
/** What the Add Account form gives: the server defaults account_type to creator, so it may be left out. */
export type NewAccount = Omit<CreateAccountRequest, 'account_type'> & { account_type?: AccountType };
export type UpdateAccountRequest = components['schemas']['UpdateAccountRequestDto'];
export type ChannelLink = components['schemas']['ChannelLinkDto'];

/** At most this many links per channel (the server's rule). */
export const MAX_LINKS = 5;

export interface Option<T extends string> {
  value: T;
  label: string;
}

/** Account types (seed 000 §3); creator is the default (seed 000 §5). */
export const ACCOUNT_TYPE_OPTIONS: readonly Option<AccountType>[] = [
  { value: 'creator', label: 'Creator' },
  { value: 'brand', label: 'Brand' },
  { value: 'personal', label: 'Personal' },
];

/** Profile and video visibility (seed 000 §5); public is the default. */
export const VISIBILITY_OPTIONS: readonly Option<Visibility>[] = [
  { value: 'public', label: 'Public' },
  { value: 'unlisted', label: 'Unlisted' },
  { value: 'private', label: 'Private' },
];

/** Who may comment (seed 000 §5); everyone is the default. */
export const COMMENT_PERMISSION_OPTIONS: readonly Option<CommentPermission>[] = [
  { value: 'everyone', label: 'Everyone' },
  { value: 'subscribers', label: 'Subscribers only' },
  { value: 'none', label: 'No one' },
];

/** The four notification switches, in the order of seed 000 §3. */
export const NOTIFICATION_OPTIONS: readonly { key: keyof NotificationSettings; label: string; description: string }[] = [
  { key: 'email_notifications', label: 'Email notifications', description: 'News about your channel by email' },
  { key: 'push_notifications', label: 'Push notifications', description: 'Alerts in this browser while Scriven is open' },
  { key: 'comment_notifications', label: 'Comment notifications', description: 'When someone comments on what you publish' },
  { key: 'like_notifications', label: 'Like notifications', description: 'When someone likes what you publish' },
];

export function optionLabel<T extends string>(options: readonly Option<T>[], value: T): string {
  return options.find((option) => option.value === value)?.label ?? value;
}

/** "AL" for "Ada Lovelace", "AD" for "ada": what an avatar shows without a photo. */
export function initials(name: string): string {
  const words = name.trim().split(/[\s_.-]+/).filter(Boolean);
  if (words.length >= 2) return (words[0][0] + words[1][0]).toUpperCase();
  return name.trim().slice(0, 2).toUpperCase();
}
