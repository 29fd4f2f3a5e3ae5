import type { SecurityCheck } from './system-controls.js';

/** A backup older than this does not count as recent. */
export const RECENT_BACKUP_DAYS = 7;

/** What the security checks are judged on (read by the health query from the config, the disk and the contexts). */
export interface SecurityFacts {
  /** The token signing secret (judged, never shown). */
  jwtSecret: string;
  /** Length in bytes of the at-rest encryption key (bank numbers, stream keys). */
  atRestKeyBytes: number;
  /** Permission bits of DATA_DIR/secrets (null when it does not exist). */
  secretsFolderMode: number | null;
  lastBackupAt: Date | null;
  founderSetUp: boolean;
  /** PUBLIC_URL as configured (null when it is not set). */
  publicUrl: string | null;
}

/**
 * The documented security checks of the founder's health figures (docs/operations.md, "Founder: security score"),
 * each passed or not with a sentence; the score is the share passed, in percent (rounded).
 */
export function securityChecks(f: SecurityFacts, now: Date): SecurityCheck[] {
  const distinct = new Set(f.jwtSecret).size;
  const strongSecret = f.jwtSecret.length >= 32 && distinct >= 12 && !/change.?me|example|secret{2,}|password/i.test(f.jwtSecret);
  const backupAgeDays = f.lastBackupAt ? (now.getTime() - f.lastBackupAt.getTime()) / 86_400_000 : null;
  const https = f.publicUrl !== null && f.publicUrl.toLowerCase().startsWith('https://');
  return [
    {
      name: 'token_secret',
      passed: strongSecret,
      detail: strongSecret ? 'Sign-in tokens are signed with a strong secret' : 'The token signing secret (JWT_SECRET) is short or looks like an example value: set a random one of 32+ characters',
    },
    {
      name: 'at_rest_encryption',
      passed: f.atRestKeyBytes === 32,
      detail: f.atRestKeyBytes === 32 ? 'Bank account numbers and stream keys are encrypted at rest (AES-256-GCM)' : 'The at-rest encryption key is missing or not 32 bytes (MONEY_ENCRYPTION_KEY)',
    },
    {
      name: 'secrets_private',
      passed: f.secretsFolderMode !== null && (f.secretsFolderMode & 0o077) === 0,
      detail:
        f.secretsFolderMode === null
          ? 'The secrets folder (DATA_DIR/secrets) does not exist'
          : (f.secretsFolderMode & 0o077) === 0
            ? 'The secrets folder is readable by the server’s user only'
            : `The secrets folder can be read by other users (mode ${(f.secretsFolderMode & 0o777).toString(8)}): chmod 700 it`,
    },
    {
      name: 'recent_backup',
      passed: backupAgeDays !== null && backupAgeDays <= RECENT_BACKUP_DAYS,
      detail:
        backupAgeDays === null
          ? 'No backup has been made yet'
          : backupAgeDays <= RECENT_BACKUP_DAYS
            ? `The last backup was made ${formatAge(backupAgeDays)} ago`
            : `The last backup is ${Math.floor(backupAgeDays)} days old: make one, or switch the daily backup on`,
    },
    {
      name: 'founder_set_up',
      passed: f.founderSetUp,
      detail: f.founderSetUp ? 'The founder’s credentials are set up (stored as hashes only)' : 'No founder is set up: run npm run cli -- founder:setup',
    },
    {
      name: 'https',
      passed: https,
      detail: https ? 'The public address uses HTTPS' : f.publicUrl ? 'The public address (PUBLIC_URL) is not HTTPS' : 'No public address (PUBLIC_URL) is configured, so HTTPS cannot be confirmed',
    },
  ];
}

export function securityScore(checks: SecurityCheck[]): number {
  return checks.length ? Math.round((checks.filter((c) => c.passed).length / checks.length) * 100) : 0;
}

function formatAge(days: number): string {
  const hours = days * 24;
  if (hours < 1) return 'less than an hour';
  if (hours < 48) return `${Math.floor(hours)} hour${Math.floor(hours) === 1 ? '' : 's'}`;
  return `${Math.floor(days)} days`;
}
