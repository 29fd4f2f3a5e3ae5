import { ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';

/**
 * Registration form. Every rule and message of seed 002 §5 is checked by the domain, so the DTO only
 * lists the fields (confirm_password is client-only and dropped).
 */
export class RegisterRequestDto {
  /** @example "Ada" */
  @Allow() first_name: string;
  /** @example "Lovelace" */
  @Allow() last_name: string;
  /** 3-20 letters, digits or underscores; unique, case-insensitive. @example "ada_l" */
  @Allow() display_name: string;
  /** At least 8 characters. */
  @Allow() password: string;
  /** Which contact field is used; inferred from the fields when omitted. */
  @Allow() contact_method?: 'email' | 'phone';
  /** @example "ada@example.com" */
  @Allow() email?: string;
  /** @example "+44 20 7946 0958" */
  @Allow() phone_number?: string;
  /** YYYY-MM-DD. Under 13 requires parent_email and starts the account as pending_parental_consent. */
  @Allow() date_of_birth?: string;
  /** Required when date_of_birth says under 13. */
  @Allow() parent_email?: string;
}

export class LoginRequestDto {
  /** Email, phone number or display name, detected by its shape. */
  @Allow() login_identifier: string;
  @Allow() password: string;
}

export class AdminLoginRequestDto {
  /** The admin's display name or email. */
  @Allow() username: string;
  @Allow() password: string;
}

export class UserResponseDto {
  id: string;
  display_name: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone_number: string | null;
  is_admin: boolean;
  creator_program: boolean;
  is_premium: boolean;
  /** ISO date-time, or null when the user has never been premium. */
  premium_expires: string | null;
  /** The account (channel) that the user's actions act as. */
  active_account_id: string | null;
  created_at: string;
}

export class RegisterResponseDto {
  user: UserResponseDto;
  account_status: 'active' | 'pending_parental_consent';
  message: string;
}

export class LoginResponseDto {
  access_token: string;
  token_type: 'bearer';
  /** Seconds until the token expires. */
  expires_in: number;
}

export class AdminLoginResponseDto {
  access_token: string;
  username: string;
}

export class AdminResponseDto {
  username: string;
  is_admin: boolean;
}

export class ParentalConsentResponseDto {
  child_display_name: string;
  status: 'pending' | 'approved' | 'refused';
  expires_at: string;
}

export class DeleteMeRequestDto {
  /** The user's display name, typed to confirm. */
  @Allow() confirmation: string;
}

/** Everything the instance stores about the user. */
export class DataExportDto {
  exported_at: string;
  @ApiProperty({ type: 'object', additionalProperties: true })
  user: Record<string, unknown>;
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true } })
  accounts: Record<string, unknown>[];
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true } })
  feedback: Record<string, unknown>[];
}
