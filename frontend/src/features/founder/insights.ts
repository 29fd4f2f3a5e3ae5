import { formatDollars, formatRelativeTime } from '../../shared/format';
import { checkLabel, FOUNDER_MESSAGES } from './messages';
import type { FounderAnalytics, FounderBankAccount, PlatformHealth, RevenueBreakdown, SystemControls } from './types';

/** "12.5%" for a percentage; one decimal at most. */
export function formatPercent(value: number): string {
  return `${(Math.round(value * 10) / 10).toLocaleString('en-US')}%`;
}

/** A figure, or what the app says when there is none ("Not measured" by default). */
export function orNotMeasured<T>(value: T | null | undefined, format: (value: T) => string, missing: string = FOUNDER_MESSAGES.notMeasured): string {
  return value === null || value === undefined ? missing : format(value);
}

/** "Mar 2026" for "2026-03". */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number);
  if (!year || !m) return month;
  return new Date(Date.UTC(year, m - 1, 1)).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** The change from `previous` to `current` in percent, or null when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return ((current - previous) / previous) * 100;
}

/**
 * "Projected annual revenue": the average of the last three months of the monthly breakdown times twelve, or null
 * when those months have no revenue at all (nothing to project from).
 */
export function projectedAnnual(revenue: RevenueBreakdown): number | null {
  const recent = revenue.monthly.slice(-3);
  const total = recent.reduce((sum, month) => sum + month.total, 0);
  if (recent.length === 0 || total === 0) return null;
  return Math.round((total / recent.length) * 12 * 100) / 100;
}

export type BadgeTone = 'green' | 'yellow' | 'red' | 'blue' | 'gray';

export interface StatusBadge {
  name: string;
  label: string;
  tone: BadgeTone;
  detail: string;
}

export interface BadgeSources {
  analytics: FounderAnalytics | null;
  health: PlatformHealth | null;
  controls: SystemControls | null;
  bankAccount: { bank_account: FounderBankAccount | null } | null;
  now?: number;
}

const unknown = (name: string): StatusBadge => ({ name, label: 'Unknown', tone: 'gray', detail: 'Not loaded' });

const WEEK_MS = 7 * 86_400_000;

/** The Controls tab's status badges, each derived from the data loaded (seed 001 §2), never fixed. */
export function statusBadges({ analytics, health, controls, bankAccount, now = Date.now() }: BadgeSources): StatusBadge[] {
  const badges: StatusBadge[] = [];

  const server = analytics?.system_health.server_status;
  badges.push(
    server === undefined
      ? unknown('Server')
      : {
          name: 'Server',
          label: server !== 'healthy' ? 'Degraded' : health && health.server_metrics.cpu_usage >= 90 ? 'Busy' : 'Healthy',
          tone: server === 'healthy' && !(health && health.server_metrics.cpu_usage >= 90) ? 'green' : 'yellow',
          detail: health ? `CPU ${formatPercent(health.server_metrics.cpu_usage)}, memory ${formatPercent(health.server_metrics.memory_usage)}` : `Server status: ${server}`,
        },
  );

  const database = analytics?.system_health.database_status;
  badges.push(
    database === undefined
      ? unknown('Database')
      : {
          name: 'Database',
          label: database === 'healthy' ? 'Healthy' : 'Unreachable',
          tone: database === 'healthy' ? 'green' : 'red',
          detail:
            health && health.database_metrics.query_performance !== null
              ? `Probe query ${health.database_metrics.query_performance} ms`
              : `Database status: ${database}`,
        },
  );

  badges.push(
    health === null
      ? unknown('CDN')
      : health.cdn_metrics.configured
        ? { name: 'CDN', label: 'Configured', tone: 'green', detail: 'A CDN serves the media' }
        : { name: 'CDN', label: 'Not configured', tone: 'gray', detail: 'Media is served by this server' },
  );

  badges.push(
    bankAccount === null
      ? unknown('Payments')
      : bankAccount.bank_account
        ? { name: 'Payments', label: 'Bank account on file', tone: 'green', detail: `${bankAccount.bank_account.bank_name} ${bankAccount.bank_account.account_number_masked}` }
        : { name: 'Payments', label: 'No bank account', tone: 'yellow', detail: 'Add a bank account to withdraw platform earnings' },
  );

  if (health === null) {
    badges.push(unknown('Security'));
  } else {
    const score = health.security_status.security_score;
    const passed = health.security_status.checks.filter((check) => check.passed).length;
    badges.push({
      name: 'Security',
      label: `Score ${Math.round(score)}/100`,
      tone: score >= 80 ? 'green' : score >= 50 ? 'yellow' : 'red',
      detail: `${passed} of ${health.security_status.checks.length} checks passed`,
    });
  }

  if (controls === null) {
    badges.push(unknown('Backup'));
  } else {
    const last = typeof controls.last_backup === 'string' ? controls.last_backup : 'never';
    const time = Date.parse(last);
    if (controls.backup_running === true) badges.push({ name: 'Backup', label: 'Running', tone: 'blue', detail: 'A backup is being made now' });
    else if (last === 'never' || Number.isNaN(time)) badges.push({ name: 'Backup', label: 'Never backed up', tone: 'red', detail: 'No backup has been made yet' });
    else
      badges.push({
        name: 'Backup',
        label: now - time > WEEK_MS ? 'Out of date' : 'Up to date',
        tone: now - time > WEEK_MS ? 'yellow' : 'green',
        detail: `Last backup ${formatRelativeTime(last, now)}`,
      });
  }
  return badges;
}

/** The Controls tab's insights: sentences computed from the figures loaded, none when there is nothing to say. */
export function insights({
  analytics,
  revenue,
  health,
}: {
  analytics: FounderAnalytics | null;
  revenue: RevenueBreakdown | null;
  health: PlatformHealth | null;
}): string[] {
  const lines: string[] = [];
  if (revenue && revenue.monthly.length >= 2) {
    const [previous, current] = revenue.monthly.slice(-2);
    const change = percentChange(current.total, previous.total);
    if (change === null) {
      lines.push(
        current.total > 0
          ? `Revenue this month is ${formatDollars(current.total)}; last month had none.`
          : 'No revenue was recorded this month or last month.',
      );
    } else if (Math.abs(change) < 0.05) {
      lines.push(`Revenue this month (${formatDollars(current.total)}) is level with last month.`);
    } else {
      lines.push(
        `Revenue is ${change > 0 ? 'up' : 'down'} ${formatPercent(Math.abs(change))} on last month (${formatDollars(current.total)} against ${formatDollars(previous.total)}).`,
      );
    }
  }
  if (revenue) {
    const top = [...revenue.sources].sort((a, b) => b.amount - a.amount)[0];
    if (top && top.amount > 0) lines.push(`${top.label} bring${top.label.endsWith('s') ? '' : 's'} the most revenue: ${formatPercent(top.share)} of the total.`);
  }
  if (analytics) {
    const growth = analytics.growth_metrics.user_growth_rate;
    if (growth === null) lines.push('User growth cannot be measured yet: there is no sign-up history for last month.');
    else if (growth === 0) lines.push('New sign-ups this month match last month.');
    else lines.push(`New sign-ups are ${growth > 0 ? 'up' : 'down'} ${formatPercent(Math.abs(growth))} on last month.`);
  }
  if (health) {
    const { failed_login_attempts: failed, blocked_ips: blocked } = health.security_status;
    lines.push(`${failed} failed sign-in${failed === 1 ? '' : 's'} in the last 24 hours; ${blocked} address${blocked === 1 ? ' is' : 'es are'} blocked by the rate limits now.`);
    const failing = health.security_status.checks.filter((check) => !check.passed);
    if (failing.length > 0) lines.push(`Security checks to fix: ${failing.map((check) => checkLabel(check.name)).join(', ')}.`);
    const disk = health.server_metrics.disk_usage;
    if (disk !== null && disk >= 85) lines.push(`The disk is ${formatPercent(disk)} full.`);
  }
  return lines;
}
