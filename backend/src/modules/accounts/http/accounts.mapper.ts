import type { Account } from '../domain/account.js';
import type { AccountResponseDto } from './accounts.dto.js';

export function photoUrl(account: Account): string | null {
  return account.photoKey ? `/api/media/${account.photoKey}` : null;
}

export function toAccountResponse(a: Account): AccountResponseDto {
  return {
    id: a.id,
    account_type: a.accountType,
    display_name: a.displayName,
    handle: a.handle,
    bio: a.bio,
    location: a.location,
    website: a.website,
    profile_photo_url: photoUrl(a),
    is_primary: a.isPrimary,
    is_active: a.isActive,
    created_at: a.createdAt.toISOString(),
    privacy_settings: { ...a.privacySettings },
    notification_settings: { ...a.notificationSettings },
  };
}
