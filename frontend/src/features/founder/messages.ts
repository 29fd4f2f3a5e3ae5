/** Texts of seed 000 §8 and seed 001 §8 (founder rows), used verbatim, and the founder app's own. */
export const FOUNDER_MESSAGES = {
  // Sign-in (seed 000 §8): the server's sentences are shown as they come; these are the fallbacks.
  personalDenied: 'Access Denied: Invalid personal credentials',
  legacyDenied: 'Access Denied: Invalid founder credentials',
  personalRequired: 'Please enter your email, phone and licence number',
  legacyRequired: 'Please enter both username and master key',
  connectionFailed: 'Connection failed',
  accessGranted: 'Founder access granted',
  sessionEnded: 'Founder session ended',
  sessionExpired: 'Your founder session has expired. Sign in again.',

  // Loads (seed 001 §8).
  analyticsFailed: 'Failed to load analytics',
  revenueFailed: 'Failed to load revenue data',
  logoFailed: 'Failed to load logo information',
  systemFailed: 'Failed to load system data',
  bankLoadFailed: 'Failed to load bank account',
  earningsLoadFailed: 'Failed to load earnings data',
  controlsLoadFailed: 'Failed to load system controls',
  noEarners: 'No earnings yet',

  // Bank and withdrawals (seed 001 §5, §8).
  bankSaved: 'Bank account saved',
  bankFailed: (detail: string) => `Failed to save bank account: ${detail}`,
  withdrawn: 'Withdrawal request submitted',
  withdrawFailed: (detail: string) => `Withdrawal failed: ${detail}`,
  minimumWithdrawal: (minimum: number) => `Minimum withdrawal amount is $${wholeOrCents(minimum)}`,
  invalidWithdrawal: 'Invalid withdrawal amount',

  // Logo (seed 001 §5, §8).
  notAnImage: 'Please select an image file',
  tooBig: 'Image must be smaller than 5MB',
  logoUpdated: 'Logo updated and app icons regenerated',
  logoReset: 'Logo reset to default text logo',
  uploadFailed: (detail: string) => `Failed to upload logo: ${detail}`,
  resetFailed: (detail: string) => `Failed to reset logo: ${detail}`,

  // Emergency actions (seed 001 §4, §5, §8).
  emergencyFailed: 'Failed to execute emergency action',
  emergencyCancelled: 'Emergency action cancelled: a reason is required',

  /** When the server gives no detail (no answer, or a proxy's error page). */
  noDetail: 'the server did not answer. Please try again.',

  // How the app says a figure has no source.
  notMeasured: 'Not measured',
  noData: 'No data yet',
  noCdn: 'Not measured: no CDN configured',
} as const;

/** Seed 001 §9: the founder's minimum withdrawal when the server does not say. */
export const DEFAULT_MINIMUM_WITHDRAWAL = 100;

/** Seed 001 §9: the largest logo accepted. */
export const MAX_LOGO_BYTES = 5 * 1024 * 1024;

/** Seed 001 §2: the icon previews shown on the App Logo tab. */
export const LOGO_PREVIEW_SIZES = [72, 96, 144, 192] as const;

/** The four fields of the founder's bank form (seed 001 §5: all required). */
export const FOUNDER_BANK_FIELDS = [
  { name: 'bank_name', label: 'Bank name', required: 'Bank name is required', autoComplete: 'off' },
  { name: 'account_holder_name', label: 'Account holder name', required: 'Account holder name is required', autoComplete: 'name' },
  { name: 'account_number', label: 'Account number', required: 'Account number is required', autoComplete: 'off' },
  { name: 'routing_number', label: 'Routing number', required: 'Routing number is required', autoComplete: 'off' },
] as const;

export type FounderBankField = (typeof FOUNDER_BANK_FIELDS)[number]['name'];

/** The emergency actions (seed 001 §7), with what each does, for the buttons and the reason dialog. */
export const EMERGENCY_ACTIONS = [
  {
    action: 'MAINTENANCE_MODE',
    label: 'Toggle maintenance mode',
    description: 'Every API call except the admins’ and yours answers 503, and the app shows a maintenance screen.',
  },
  {
    action: 'DISABLE_UPLOADS',
    label: 'Toggle uploads',
    description: 'Turns the uploads feature off for everyone (or on again), as the admin console’s switch does.',
  },
  {
    action: 'FORCE_BACKUP',
    label: 'Force backup',
    description: 'Starts a full backup now.',
  },
] as const;

/** The security checks of the platform health, as the System tab names them (the server's keys otherwise). */
export const SECURITY_CHECK_LABELS: Record<string, string> = {
  token_secret: 'Token signing secret',
  at_rest_encryption: 'At-rest encryption',
  secrets_private: 'Secrets kept private',
  recent_backup: 'Recent backup',
  founder_set_up: 'Founder set up',
  https: 'HTTPS',
};

export const checkLabel = (name: string): string => SECURITY_CHECK_LABELS[name] ?? name;

/** "100" for a whole amount, "100.50" otherwise. */
function wholeOrCents(amount: number): string {
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}
