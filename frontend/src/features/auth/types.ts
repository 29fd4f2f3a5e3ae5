import type { components } from '../../api/schema';

export type UserDto = components['schemas']['UserResponseDto'];
export type RegisterRequest = components['schemas']['RegisterRequestDto'];
export type ParentalConsentDto = components['schemas']['ParentalConsentResponseDto'];

/** What the login form's identifier field holds; the server detects it by shape. */
export type LoginMode = 'email' | 'phone' | 'display_name';
