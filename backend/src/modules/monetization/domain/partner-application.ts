import { randomUUID } from 'node:crypto';
import { AD_CREATOR_PERCENT, moneyErrors, PARTNER, type PartnerStatus } from './rules.js';

export type ApplicationStatus = Exclude<PartnerStatus, 'not_applied'>;
export type PartnerDecision = 'approved' | 'rejected' | 'suspended';

export interface PartnerApplicationState {
  id: string;
  userId: string;
  status: ApplicationStatus;
  originalContent: boolean;
  followers: number;
  watchHours: number;
  submittedAt: Date;
  decidedAt: Date | null;
  reason: string | null;
}

/** A creator's application to the partner program, with the figures they had when applying, and its decision. */
export class PartnerApplication implements PartnerApplicationState {
  id!: string;
  userId!: string;
  status!: ApplicationStatus;
  originalContent!: boolean;
  followers!: number;
  watchHours!: number;
  submittedAt!: Date;
  decidedAt!: Date | null;
  reason!: string | null;

  constructor(state: PartnerApplicationState) {
    Object.assign(this, state);
  }

  /** The fourth requirement: the creator attests, when applying, that their content is their own. */
  static requireAttestation(originalContent: unknown): void {
    if (originalContent !== true && originalContent !== 'true') throw moneyErrors.attestationNeeded();
  }

  /** A new application from an attesting creator's standing now: only when eligible, and not while one is pending, approved or suspended. */
  static submit(userId: string, standing: PartnerStanding): PartnerApplication {
    if (standing.status === 'pending') throw moneyErrors.alreadyApplied();
    if (standing.status === 'approved') throw moneyErrors.alreadyPartner();
    if (standing.status === 'suspended') throw moneyErrors.suspended();
    if (!standing.eligible) throw moneyErrors.notEligible();
    return new PartnerApplication({
      id: randomUUID(),
      userId,
      status: 'pending',
      originalContent: true,
      followers: standing.followers,
      watchHours: standing.watchHours,
      submittedAt: new Date(),
      decidedAt: null,
      reason: null,
    });
  }

  /** An admin approves or rejects a pending application, or suspends an approved partner. Once per state. */
  decide(decision: PartnerDecision, reason: string | null): void {
    const allowed = decision === 'suspended' ? this.status === 'approved' : this.status === 'pending';
    if (!allowed) throw moneyErrors.applicationDecided();
    this.status = decision;
    this.reason = reason;
    this.decidedAt = new Date();
  }
}

/** What the partner program's requirements are measured on. */
/** A guideline strike in force (moderation's): its reason, and when it expires. */
export interface ActiveStrike {
  reason: string;
  expiresAt: Date;
}

export interface PartnerFigures {
  followers: number;
  watchSeconds: number;
  stats: { totalVideos: number; totalViews: number; avgViewSeconds: number; monetizedVideos: number };
  application: PartnerApplication | null;
  /** Admitted to the creator program by other means (a sample channel, an earlier approval). */
  inCreatorProgram: boolean;
  monthlyEarningsCents: number;
  lifetimeEarningsCents: number;
  /** A guideline strike still in force (moderation): the guidelines requirement fails while there is one. */
  activeStrike: ActiveStrike | null;
}

export interface PartnerStanding {
  status: PartnerStatus;
  eligible: boolean;
  requirementsMet: number;
  followers: number;
  watchHours: number;
  guidelinesCompliant: boolean;
  /** Why the guidelines requirement fails, and until when: the active strike. */
  activeStrike: ActiveStrike | null;
  originalContent: boolean;
  stats: { totalVideos: number; totalViews: number; subscriberCount: number; avgViewSeconds: number };
  monthlyEarningsCents: number;
  lifetimeEarningsCents: number;
  revenueShare: number;
  monetizedVideos: number;
  application: PartnerApplication | null;
}

/** A creator's partner program status: their latest application's; a creator admitted to the creator program by other means counts as approved. */
export function partnerStatusOf(latest: ApplicationStatus | null, inCreatorProgram: boolean): PartnerStatus {
  if (latest) return latest;
  return inCreatorProgram ? 'approved' : 'not_applied';
}

/** Watch time counts over the last 365 days. */
export const partnerWatchSince = (now = Date.now()): Date => new Date(now - PARTNER.watchDays * 86_400_000);

/**
 * The requirements computed live: followers, watch hours (to a tenth, rounded down), no upheld strike in 90 days,
 * and the original-content attestation given when applying.
 */
export function partnerStanding(f: PartnerFigures): PartnerStanding {
  const app = f.application;
  const watchHours = Math.floor(f.watchSeconds / 360) / 10;
  const guidelinesCompliant = f.activeStrike === null;
  const originalContent = app?.originalContent ?? false;
  const followersMet = f.followers >= PARTNER.followers;
  const watchMet = watchHours >= PARTNER.watchHours;
  const status = partnerStatusOf(app?.status ?? null, f.inCreatorProgram);
  return {
    status,
    eligible: followersMet && watchMet && guidelinesCompliant,
    requirementsMet: [followersMet, watchMet, guidelinesCompliant, originalContent].filter(Boolean).length,
    followers: f.followers,
    watchHours,
    guidelinesCompliant,
    activeStrike: f.activeStrike,
    originalContent,
    stats: { totalVideos: f.stats.totalVideos, totalViews: f.stats.totalViews, subscriberCount: f.followers, avgViewSeconds: f.stats.avgViewSeconds },
    monthlyEarningsCents: f.monthlyEarningsCents,
    lifetimeEarningsCents: f.lifetimeEarningsCents,
    revenueShare: AD_CREATOR_PERCENT,
    monetizedVideos: f.stats.monetizedVideos,
    application: app,
  };
}
