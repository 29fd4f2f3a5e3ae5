import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { CatalogFacade } from '../../catalog/catalog.facade.js';
import { IdentityFacade } from '../../identity/identity.facade.js';
import { SocialFacade } from '../../social/social.facade.js';
import { AD_CREATOR_PERCENT, moneyErrors, PARTNER, type PartnerStatus } from '../domain/rules.js';
import { EarningsService } from './earnings.service.js';
import { MoneySchedules } from './money-schedules.js';

export interface PartnerApplication {
  id: string;
  userId: string;
  status: Exclude<PartnerStatus, 'not_applied'>;
  originalContent: boolean;
  followers: number;
  watchHours: number;
  submittedAt: Date;
  decidedAt: Date | null;
  reason: string | null;
}

interface AppRow {
  id: string;
  user_id: string;
  status: PartnerApplication['status'];
  original_content: boolean;
  followers: number;
  watch_hours: string;
  submitted_at: Date;
  decided_at: Date | null;
  reason: string | null;
}

const toApp = (r: AppRow): PartnerApplication => ({
  id: r.id,
  userId: r.user_id,
  status: r.status,
  originalContent: r.original_content,
  followers: Number(r.followers),
  watchHours: Number(r.watch_hours),
  submittedAt: new Date(r.submitted_at),
  decidedAt: r.decided_at ? new Date(r.decided_at) : null,
  reason: r.reason,
});

export interface PartnerStatusView {
  status: PartnerStatus;
  eligible: boolean;
  requirementsMet: number;
  followers: number;
  watchHours: number;
  guidelinesCompliant: boolean;
  originalContent: boolean;
  stats: { totalVideos: number; totalViews: number; subscriberCount: number; avgViewSeconds: number };
  monthlyEarningsCents: number;
  lifetimeEarningsCents: number;
  revenueShare: number;
  monetizedVideos: number;
  application: PartnerApplication | null;
}

/**
 * The partner program: requirements computed live (followers, watch hours in the last 365 days, no upheld strike in
 * 90 days, the original-content attestation given when applying), applications, and admins' decisions. Approval
 * puts the creator in the creator program, which unlocks monetization on uploads.
 */
@Injectable()
export class PartnerService {
  constructor(
    private readonly em: EntityManager,
    private readonly identity: IdentityFacade,
    private readonly social: SocialFacade,
    private readonly catalog: CatalogFacade,
    private readonly earnings: EarningsService,
    private readonly events: DurableEvents,
    private readonly schedules: MoneySchedules,
  ) {}

  private async latest(userId: string): Promise<PartnerApplication | null> {
    const rows = await this.em.execute<AppRow[]>('select * from partner_applications where user_id = ? order by submitted_at desc limit 1', [userId]);
    return rows[0] ? toApp(rows[0]) : null;
  }

  async status(userId: string): Promise<PartnerStatusView> {
    const since = new Date(Date.now() - PARTNER.watchDays * 86_400_000);
    const [followers, stats, app, balances, month] = await Promise.all([
      this.social.followersCount(userId),
      this.catalog.stats(userId, since),
      this.latest(userId),
      this.earnings.balances(userId),
      this.earnings.monthEarnings(userId),
    ]);
    const watchHours = Math.floor(stats.watchSeconds / 360) / 10;
    // Moderation strikes do not exist on this instance yet: nobody has an upheld strike.
    const guidelinesCompliant = true;
    const originalContent = app?.originalContent ?? false;
    const followersMet = followers >= PARTNER.followers;
    const watchMet = watchHours >= PARTNER.watchHours;
    const profile = await this.identity.publicProfile(userId);
    let status: PartnerStatus = app?.status ?? 'not_applied';
    // A creator admitted to the creator program by other means counts as approved.
    if (status === 'not_applied' && profile?.creatorProgram) status = 'approved';
    return {
      status,
      eligible: followersMet && watchMet && guidelinesCompliant,
      requirementsMet: [followersMet, watchMet, guidelinesCompliant, originalContent].filter(Boolean).length,
      followers,
      watchHours,
      guidelinesCompliant,
      originalContent,
      stats: { totalVideos: stats.totalVideos, totalViews: stats.totalViews, subscriberCount: followers, avgViewSeconds: stats.avgViewSeconds },
      monthlyEarningsCents: month,
      lifetimeEarningsCents: balances.lifetimeCents,
      revenueShare: AD_CREATOR_PERCENT,
      monetizedVideos: stats.monetizedVideos,
      application: app,
    };
  }

  async apply(userId: string, originalContent: unknown): Promise<PartnerApplication> {
    if (originalContent !== true && originalContent !== 'true') throw moneyErrors.attestationNeeded();
    const view = await this.status(userId);
    if (view.status === 'pending') throw moneyErrors.alreadyApplied();
    if (view.status === 'approved') throw moneyErrors.alreadyPartner();
    if (view.status === 'suspended') throw moneyErrors.suspended();
    if (!view.eligible) throw moneyErrors.notEligible();
    const id = randomUUID();
    try {
      await this.em.execute('insert into partner_applications (id, user_id, status, original_content, followers, watch_hours) values (?, ?, ?, true, ?, ?)', [id, userId, 'pending', view.followers, view.watchHours]);
    } catch (e) {
      if (String((e as Error).message).includes('partner_applications_one_pending')) throw moneyErrors.alreadyApplied();
      throw e;
    }
    return (await this.latest(userId))!;
  }

  async applications(status: PartnerApplication['status'] | 'all', limit: number): Promise<(PartnerApplication & { username: string | null })[]> {
    const rows = await this.em.execute<AppRow[]>(`select * from partner_applications ${status === 'all' ? '' : 'where status = ?'} order by submitted_at limit ?`, status === 'all' ? [limit] : [status, limit]);
    const apps = rows.map(toApp);
    const names = await this.identity.usernames(apps.map((a) => a.userId));
    return apps.map((a) => ({ ...a, username: names.get(a.userId) ?? null }));
  }

  /** An admin approves or rejects a pending application (or suspends an approved partner); the creator is told. */
  async decide(applicationId: string, decision: 'approved' | 'rejected' | 'suspended', reason: string | null): Promise<PartnerApplication> {
    const app = await this.em.transactional(async () => {
      const rows = await this.em.execute<AppRow[]>('select * from partner_applications where id = ? for update', [applicationId]);
      if (!rows[0]) throw moneyErrors.applicationNotFound();
      const a = toApp(rows[0]);
      const allowed = decision === 'suspended' ? a.status === 'approved' : a.status === 'pending';
      if (!allowed) throw moneyErrors.applicationDecided();
      await this.em.execute('update partner_applications set status = ?, decided_at = now(), reason = ? where id = ?', [decision, reason, applicationId]);
      if (decision === 'approved') {
        await this.identity.setCreatorProgram(a.userId, true);
        await this.schedules.baselineAdViews(a.userId);
      }
      if (decision === 'suspended') await this.identity.setCreatorProgram(a.userId, false);
      if (decision !== 'suspended') this.events.record('partner.decision', { userId: a.userId, applicationId, decision, ...(reason ? { reason } : {}) });
      return a;
    });
    // Committed: the creator's cached sign-in state (creator_program) is refreshed now, not when the event is handled.
    if (decision !== 'rejected') await this.identity.refreshPrincipal(app.userId);
    return { ...app, status: decision, reason, decidedAt: new Date() };
  }
}
