import type { User } from '../domain/user.js';
import type { UserSnapshot } from '../application/principal-cache.js';
import type { ConsentView } from '../application/parental-consent.use-cases.js';
import type { ParentalConsentResponseDto, UserResponseDto } from './identity.dto.js';

export function toUserResponse(u: UserSnapshot): UserResponseDto {
  return {
    id: u.id,
    display_name: u.displayName,
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    phone_number: u.phoneNumber,
    is_admin: u.isAdmin,
    creator_program: u.creatorProgram,
    is_premium: u.isPremium,
    premium_expires: u.premiumExpires ? u.premiumExpires.toISOString() : null,
    active_account_id: u.activeAccountId,
    created_at: u.createdAt.toISOString(),
  };
}

export function userToResponse(u: User, activeAccountId: string | null): UserResponseDto {
  return toUserResponse({ ...u, activeAccountId });
}

export function toConsentResponse(v: ConsentView): ParentalConsentResponseDto {
  return { child_display_name: v.childDisplayName, status: v.consent.status, expires_at: v.consent.expiresAt.toISOString() };
}
