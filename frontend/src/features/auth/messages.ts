/** Texts from seed 002 (§5 validation, §8 error catalogue), used verbatim. */
export const AUTH_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  displayNameRequired: 'Display name is required',
  displayNameFormat: 'Display name must be 3-20 characters, letters, numbers, and underscores only',
  emailRequired: 'Email is required',
  emailFormat: 'Invalid email format',
  phoneRequired: 'Phone number is required',
  phoneFormat: 'Invalid phone number format',
  passwordRequired: 'Password is required',
  passwordLength: 'Password must be at least 8 characters long',
  passwordsMismatch: 'Passwords do not match',
  parentEmailRequired: 'Parent email is required for users under 13',
  dateOfBirthInFuture: 'Date of birth cannot be in the future',
  dateOfBirthTooEarly: 'Date of birth must be in 1900 or later',
  registrationFailed: 'Registration failed',
  loginFailed: 'Login failed',
  loginToastPendingConsent: "Your account is awaiting parental consent. Please check your parent's email.",
  loginToastDenied: 'Your account access has been denied. Please contact support.',
  loginToastDefault: 'Login failed. Please check your credentials.',
} as const;

/** The toast after a failed login depends on what the server said. */
export function loginFailureToast(detail: string): string {
  if (/parental consent/i.test(detail)) return AUTH_MESSAGES.loginToastPendingConsent;
  if (/denied/i.test(detail)) return AUTH_MESSAGES.loginToastDenied;
  return AUTH_MESSAGES.loginToastDefault;
}
