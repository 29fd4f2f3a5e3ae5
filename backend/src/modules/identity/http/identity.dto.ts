import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, Length, Matches, MaxLength, ValidateBy, ValidateIf, type ValidationArguments } from 'class-validator';
import { EmptyAsAbsent, Trimmed, lengthMessage } from '../../../common/http/dto-rules.js';
import { DELETE_CONFIRMATION_MESSAGE } from '../application/my-data.use-cases.js';
import { toE164 } from '../domain/phone.js';
import { CONSENT_AGE, DISPLAY_NAME_RE, EMAIL_MAX, EMAIL_RE, MESSAGES, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, PHONE_MAX, PHONE_RE, ageOn } from '../domain/registration.js';

/**
 * The registration form's rules (seed 002 §5) on the DTO, in the order the form shows them, with the seed's messages.
 * Each field has one message for a value, the first rule it breaks (the domain's order), so that a field is listed
 * once in `errors`; the domain (validateRegistration) checks the same again, and what needs the stored users
 * (a name, email or phone already taken).
 */
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const IDENTIFIER_MAX = 254;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The contact the form uses: contact_method, or when it is absent the email unless only a phone number is given. */
function contactMethodOf(o: RegisterRequestDto): unknown {
  const m = o.contact_method;
  if (m === undefined || m === null || (m as unknown) === '') return text(o.email) || !text(o.phone_number) ? 'email' : 'phone';
  return m;
}

/** A real day in the form YYYY-MM-DD, from 1900 to today. */
function isPastDate(v: unknown, today = new Date()): v is string {
  if (typeof v !== 'string' || !DATE_RE.test(v)) return false;
  const [y, m, d] = v.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  return y >= 1900 && date.getTime() <= today.getTime();
}

const needsParentalConsent = (o: RegisterRequestDto): boolean => isPastDate(o.date_of_birth) && ageOn(o.date_of_birth, new Date()) < CONSENT_AGE;

/** `required` for a value that is not text or is empty (after trimming), `wrong` for any other. */
const requiredOr = (required: string, wrong: string) => ({ value }: ValidationArguments) => (typeof value === 'string' && value !== '' ? wrong : required);

function phoneMessage({ value }: ValidationArguments): string {
  if (typeof value !== 'string' || value === '') return MESSAGES.phoneRequired;
  if (!PHONE_RE.test(value) || value.length > PHONE_MAX || value.replace(/\D/g, '').length < 7) return MESSAGES.phoneFormat;
  return MESSAGES.phoneInvalid;
}

function passwordMessage({ value }: ValidationArguments): string {
  if (typeof value !== 'string' || value === '') return MESSAGES.passwordRequired;
  return value.length < PASSWORD_MIN ? MESSAGES.passwordLength : MESSAGES.passwordTooLong;
}

/** A phone number of at least 7 digits that is a number in use in its country (libphonenumber's full metadata). */
function IsPhoneNumberInUse(message: (args: ValidationArguments) => string): PropertyDecorator {
  return ValidateBy(
    { name: 'isPhoneNumberInUse', validator: { validate: (v: unknown) => typeof v === 'string' && v.replace(/\D/g, '').length >= 7 && toE164(v, 'valid') !== null } },
    { message },
  );
}

/** A real date, YYYY-MM-DD, not before 1900 and not in the future. */
function IsPastDate(message: string): PropertyDecorator {
  return ValidateBy({ name: 'isPastDate', validator: { validate: (v: unknown) => isPastDate(v) } }, { message });
}

/** Spaces around it dropped, and then an empty value is no value. */
const TrimmedOrAbsent = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() || undefined : value));

/** Registration form (seed 002 §5); confirm_password is client-only and dropped. */
export class RegisterRequestDto {
  /** Required, at most 50 characters. @example "Ada" */
  @Trimmed()
  @Length(1, NAME_MAX, { message: lengthMessage(MESSAGES.firstNameRequired, MESSAGES.nameTooLong('First name')) })
  first_name: string;

  /** Required, at most 50 characters. @example "Lovelace" */
  @Trimmed()
  @Length(1, NAME_MAX, { message: lengthMessage(MESSAGES.lastNameRequired, MESSAGES.nameTooLong('Last name')) })
  last_name: string;

  /** 3-20 letters, digits or underscores; unique, case-insensitive. @example "ada_l" */
  @ApiProperty({ pattern: DISPLAY_NAME_RE.source })
  @Trimmed()
  @Matches(DISPLAY_NAME_RE, { message: requiredOr(MESSAGES.displayNameRequired, MESSAGES.displayNameFormat) })
  display_name: string;

  /** Which contact field is used; inferred from the fields when omitted (email, unless only phone_number is given). */
  @IsOptional()
  @EmptyAsAbsent()
  @IsIn(['email', 'phone'], { message: MESSAGES.contactMethod })
  contact_method?: 'email' | 'phone';

  /** Required when the contact method is email; at most 254 characters; unique regardless of case. @example "ada@example.com" */
  @ApiProperty({ pattern: EMAIL_RE.source, required: false })
  @ValidateIf((o: RegisterRequestDto) => contactMethodOf(o) === 'email')
  @Trimmed()
  @Matches(EMAIL_RE, { message: requiredOr(MESSAGES.emailRequired, MESSAGES.emailFormat) })
  @MaxLength(EMAIL_MAX, { message: requiredOr(MESSAGES.emailRequired, MESSAGES.emailFormat) })
  email?: string;

  /** Required when the contact method is phone: 10-30 digits, spaces, dashes or brackets after an optional +, a number in use (US without a country code). @example "+44 20 7946 0958" */
  @ApiProperty({ pattern: PHONE_RE.source, required: false })
  @ValidateIf((o: RegisterRequestDto) => contactMethodOf(o) === 'phone')
  @Trimmed()
  @Matches(PHONE_RE, { message: phoneMessage })
  @MaxLength(PHONE_MAX, { message: phoneMessage })
  @IsPhoneNumberInUse(phoneMessage)
  phone_number?: string;

  /** 8 to 256 characters. */
  @Length(PASSWORD_MIN, PASSWORD_MAX, { message: passwordMessage })
  password: string;

  /** YYYY-MM-DD, a real date from 1900 to today. Under 13 requires parent_email and starts the account as pending_parental_consent. */
  @ApiProperty({ pattern: DATE_RE.source, required: false })
  @IsOptional()
  @TrimmedOrAbsent()
  @Matches(DATE_RE, { message: MESSAGES.dateOfBirthFormat })
  @IsPastDate(MESSAGES.dateOfBirthFormat)
  date_of_birth?: string;

  /** Required when date_of_birth says under 13 (then at most 254 characters, not the user's own email); ignored otherwise. */
  @ApiProperty({ pattern: EMAIL_RE.source, required: false })
  @ValidateIf(needsParentalConsent)
  @Trimmed()
  @Matches(EMAIL_RE, { message: requiredOr(MESSAGES.parentEmailRequired, MESSAGES.parentEmailFormat) })
  @MaxLength(EMAIL_MAX, { message: requiredOr(MESSAGES.parentEmailRequired, MESSAGES.parentEmailFormat) })
  parent_email?: string;
}

export const LOGIN_MESSAGES = {
  identifierRequired: 'Login identifier is required',
  identifierTooLong: `Login identifier must be at most ${IDENTIFIER_MAX} characters`,
  usernameRequired: 'Username is required',
  usernameTooLong: `Username must be at most ${IDENTIFIER_MAX} characters`,
  passwordRequired: MESSAGES.passwordRequired,
  passwordTooLong: MESSAGES.passwordTooLong,
} as const;

export class LoginRequestDto {
  /** Email, phone number or display name, detected by its shape; at most 254 characters (spaces around it are dropped). */
  @Trimmed()
  @Length(1, IDENTIFIER_MAX, { message: lengthMessage(LOGIN_MESSAGES.identifierRequired, LOGIN_MESSAGES.identifierTooLong) })
  login_identifier: string;

  /** At most 256 characters. */
  @Length(1, PASSWORD_MAX, { message: lengthMessage(LOGIN_MESSAGES.passwordRequired, LOGIN_MESSAGES.passwordTooLong) })
  password: string;
}

export class AdminLoginRequestDto {
  /** The admin's display name or email; at most 254 characters (spaces around it are dropped). */
  @Trimmed()
  @Length(1, IDENTIFIER_MAX, { message: lengthMessage(LOGIN_MESSAGES.usernameRequired, LOGIN_MESSAGES.usernameTooLong) })
  username: string;

  /** At most 256 characters. */
  @Length(1, PASSWORD_MAX, { message: lengthMessage(LOGIN_MESSAGES.passwordRequired, LOGIN_MESSAGES.passwordTooLong) })
  password: string;
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
  /** The user's display name (any case; spaces around it are dropped), typed to confirm. */
  @Trimmed()
  @Length(1, 20, { message: DELETE_CONFIRMATION_MESSAGE })
  confirmation: string;
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
