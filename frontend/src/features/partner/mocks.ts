import type { components } from '../../api/schema';
import type { MockUser } from '../../mocks/db';
import { errorBody, http } from '../../mocks/http';
import { caller, problem, sessionInvalid, SESSION_INVALID } from '../../mocks/mediaHelpers';
import {
  MOCK_MONEY_RULES,
  addApplication,
  balancesOf,
  dollars,
  latestApplication,
  statsOf,
} from '../../mocks/earningsDb';
import { activeStrikeOf, strikeExpiresAt } from '../../mocks/moderationDb';

type PartnerProgramStatusDto = components['schemas']['PartnerProgramStatusDto'];

const { partner } = MOCK_MONEY_RULES;

/** A user's partner program status, with each requirement computed now (as the server does). */
export function partnerStatus(entry: MockUser): PartnerProgramStatusDto {
  const { user } = entry;
  const stats = statsOf(user.id);
  const application = latestApplication(user.id);
  const followersMet = stats.followers >= partner.followers;
  const watchMet = stats.watchHours >= partner.watchHours;
  // An active guideline strike fails the guidelines requirement, with its reason.
  const strike = activeStrikeOf(user.id);
  const guidelinesCompliant = strike === null;
  const originalContent = application?.originalContent ?? false;
  let status: PartnerProgramStatusDto['status'] = application?.status ?? 'not_applied';
  // A creator admitted to the creator program by other means counts as approved.
  if (status === 'not_applied' && user.creator_program) status = 'approved';
  return {
    status,
    eligible: followersMet && watchMet && guidelinesCompliant,
    requirements_met: [followersMet, watchMet, guidelinesCompliant, originalContent].filter(Boolean).length,
    requirements: {
      subscribers: { current: stats.followers, required: partner.followers, met: followersMet },
      watch_hours: { current: stats.watchHours, required: partner.watchHours, met: watchMet },
      guidelines_compliant: guidelinesCompliant,
      guidelines_strike: strike ? { reason: strike.reason, expires_at: strikeExpiresAt(strike) } : null,
      original_content: originalContent,
    },
    stats: {
      total_videos: stats.totalVideos,
      total_views: stats.totalViews,
      subscriber_count: stats.followers,
      avg_view_duration: stats.avgViewSeconds,
    },
    monthly_earnings: dollars(stats.monthCents),
    lifetime_earnings: dollars(balancesOf(user.id).lifetimeCents),
    revenue_share: MOCK_MONEY_RULES.adCreatorPercent,
    monetized_videos: stats.monetizedVideos,
    applied_at: application?.submittedAt ?? null,
    decided_at: application?.decidedAt ?? null,
    decision_reason: application?.reason ?? null,
  };
}

/** The server's answers for the partner program page. */
export const partnerHandlers = [
  http.get('/api/creator/partner-program-status', ({ request, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    return response(200).json(partnerStatus(me));
  }),

  http.post('/api/creator/partner-program/apply', async ({ request, response }) => {
    const me = caller(request);
    // The contract does not list 401 for this path (the guard answers it), hence untyped.
    if (!me) return response.untyped(problem(401, 'IDENTITY.SESSION_INVALID', SESSION_INVALID));
    const body = (await request.json()) as { original_content?: unknown };
    if (body.original_content !== true && body.original_content !== 'true') {
      const detail = 'Confirm that your content is original';
      return response(400).json(errorBody(400, 'PARTNER.ATTESTATION', detail, [{ field: 'original_content', message: detail }]));
    }
    const view = partnerStatus(me);
    if (view.status === 'pending') {
      return response(409).json(errorBody(409, 'PARTNER.ALREADY', 'Your application is already under review'));
    }
    if (view.status === 'approved') {
      return response(409).json(errorBody(409, 'PARTNER.ALREADY_APPROVED', 'You are already in the partner program'));
    }
    if (view.status === 'suspended') {
      return response.untyped(problem(403, 'PARTNER.SUSPENDED', 'Your partner program membership is suspended'));
    }
    if (!view.eligible) {
      return response(400).json(
        errorBody(400, 'PARTNER.NOT_ELIGIBLE', 'You do not meet the partner program requirements yet'),
      );
    }
    const stats = statsOf(me.user.id);
    const application = addApplication({
      userId: me.user.id,
      status: 'pending',
      originalContent: true,
      followers: stats.followers,
      watchHours: stats.watchHours,
      submittedAt: new Date().toISOString(),
      decidedAt: null,
      reason: null,
    });
    return response(200).json({
      success: true,
      message: `Application submitted! We review applications within ${partner.reviewDays} days.`,
      status: application.status,
    });
  }),
];
