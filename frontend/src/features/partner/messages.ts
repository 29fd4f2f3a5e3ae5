import type { components } from '../../api/schema';
import { MONETIZATION } from '../monetization/constants';

export type PartnerStatus = components['schemas']['PartnerProgramStatusDto']['status'];

const { reviewDays } = MONETIZATION.partner;

/** Texts of seed 001 (§8, partner program), used verbatim, and the page's own. */
export const PARTNER_MESSAGES = {
  loadFailed: 'Failed to load monetization data',
  applyFailed: (detail: string) => `Failed to apply: ${detail}`,
  /** Seed 001 §8: the application-submitted message mentions the review time. */
  applied: `Application submitted! We review applications within ${reviewDays} days.`,
  /** When the server gives no detail (no answer, or a proxy's error page). */
  noDetail: 'the server did not answer. Please try again.',
} as const;

export interface StatusDisplay {
  badge: string;
  color: string;
  /** What it means for the creator. */
  explanation: (eligible: boolean) => string;
}

/** Seed 001 §4: how each partner status shows; any other value shows as Not Applied. */
const STATUS_DISPLAY: Record<Exclude<PartnerStatus, 'not_applied'>, StatusDisplay> = {
  approved: {
    badge: 'Monetizing',
    color: 'green',
    explanation: () => 'Your channel is in the partner program: you can turn on monetization for your uploads.',
  },
  pending: {
    badge: 'Under Review',
    color: 'yellow',
    explanation: () => `Your application is under review. This takes up to ${reviewDays} days.`,
  },
  rejected: {
    badge: 'Not Approved',
    color: 'red',
    explanation: (eligible) =>
      eligible
        ? 'Your application was not approved. You meet the requirements, so you may reapply.'
        : 'Your application was not approved. You may reapply once you meet the requirements.',
  },
  suspended: {
    badge: 'Suspended',
    color: 'red',
    explanation: () => 'Your partner program membership is suspended: your videos do not earn ad revenue.',
  },
};

const NOT_APPLIED: StatusDisplay = {
  badge: 'Not Applied',
  color: 'gray',
  explanation: (eligible) =>
    eligible ? 'You meet the requirements: you can apply now.' : 'Meet the requirements below to apply.',
};

export function statusDisplay(status: string): StatusDisplay {
  return Object.hasOwn(STATUS_DISPLAY, status) ? STATUS_DISPLAY[status as keyof typeof STATUS_DISPLAY] : NOT_APPLIED;
}

/** Which button the page offers: apply (never applied), reapply (after a refusal), or none. */
export function applyAction(status: string): 'apply' | 'reapply' | null {
  if (status === 'rejected') return 'reapply';
  if (Object.hasOwn(STATUS_DISPLAY, status)) return null;
  return 'apply';
}

/** The monthly view counts of the revenue potential table (an illustration of the calculator, not earnings). */
export const POTENTIAL_VIEWS = [10_000, 100_000, 1_000_000] as const;
