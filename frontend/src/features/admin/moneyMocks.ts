import { HttpResponse } from 'msw';
import type { components } from '../../api/schema';
import { bearerToken, mockDb } from '../../mocks/db';
import { errorBody, http } from '../../mocks/http';
import { consoleRefusal } from '../../mocks/consoleAuth';
import { problem, SESSION_INVALID } from '../../mocks/mediaHelpers';
import { balancesOf, earningsDb, type MockPartnerApplication } from '../../mocks/earningsDb';
import { payoutDto } from '../earnings/mocks';

type PartnerApplicationDto = components['schemas']['PartnerApplicationDto'];

/** True when the request carries a live admin token (the console's own audience). */
function isAdmin(request: Request): boolean {
  const token = bearerToken(request.headers.get('Authorization'));
  return token !== undefined && mockDb.adminTokens.has(token);
}

const unauthenticated = (request: Request) => consoleRefusal(request, errorBody(401, 'IDENTITY.SESSION_INVALID', SESSION_INVALID));
const usernameOf = (userId: string) => mockDb.users.get(userId)?.user.display_name ?? null;

function applicationDto(a: MockPartnerApplication): PartnerApplicationDto {
  return {
    id: a.id,
    user_id: a.userId,
    username: usernameOf(a.userId),
    status: a.status,
    followers: a.followers,
    watch_hours: a.watchHours,
    original_content: a.originalContent,
    submitted_at: a.submittedAt,
    decided_at: a.decidedAt,
    reason: a.reason,
  };
}

/** A decision's reason as the server keeps it: trimmed, null when empty. */
async function reasonOf(request: Request): Promise<string | null | Response> {
  let body: { reason?: unknown } = {};
  try {
    body = (await request.json()) as { reason?: unknown };
  } catch {
    body = {};
  }
  const reason = typeof body?.reason === 'string' ? body.reason.trim() : '';
  if (reason.length > 500) {
    const detail = 'Reason must be at most 500 characters';
    return HttpResponse.json(errorBody(400, 'VALIDATION_FAILED', detail, [{ field: 'reason', message: detail }]), { status: 400 });
  }
  return reason || null;
}

/** An admin's decision on an application: approve or reject a pending one, suspend an approved partner. */
async function decideApplication(request: Request, id: string, decision: 'approve' | 'reject' | 'suspend'): Promise<Response> {
  if (!isAdmin(request)) return unauthenticated(request);
  const reason = await reasonOf(request);
  if (reason instanceof Response) return reason;
  const application = earningsDb.applications.find((a) => a.id === id);
  if (!application) return problem(404, 'PARTNER.NOT_FOUND', 'Application not found');
  const allowed = decision === 'suspend' ? application.status === 'approved' : application.status === 'pending';
  if (!allowed) return problem(409, 'PARTNER.DECIDED', 'This application has already been decided');
  application.status = decision === 'approve' ? 'approved' : decision === 'reject' ? 'rejected' : 'suspended';
  application.decidedAt = new Date().toISOString();
  application.reason = reason;
  // Approval puts the creator in the creator program; a suspension takes them out.
  const user = mockDb.users.get(application.userId)?.user;
  if (user && decision !== 'reject') user.creator_program = decision === 'approve';
  const body: PartnerApplicationDto = applicationDto(application);
  return HttpResponse.json(body);
}

const STATUSES = ['pending', 'approved', 'rejected', 'suspended', 'all'] as const;

/** The server's answers for the admin console's creator payouts and partner applications. */
export const adminMoneyHandlers = [
  http.get('/api/admin/payouts', ({ request, response }) => {
    if (!isAdmin(request)) return response.untyped(unauthenticated(request));
    const payouts = earningsDb.payouts
      .filter((p) => p.status === 'pending')
      .sort((a, b) => a.requestedAt.localeCompare(b.requestedAt))
      .map((p) => ({ ...payoutDto(p), user_id: p.userId, username: usernameOf(p.userId), bank_details: p.bankDetails }));
    return response(200).json({ payouts });
  }),

  http.post('/api/admin/payouts/{id}/complete', ({ request, params, response }) => {
    if (!isAdmin(request)) return response.untyped(unauthenticated(request));
    const payout = earningsDb.payouts.find((p) => p.id === params.id);
    if (!payout) return response(404).json(errorBody(404, 'MONEY.PAYOUT_NOT_FOUND', 'Payout not found'));
    if (payout.status !== 'pending') {
      return response(409).json(errorBody(409, 'MONEY.PAYOUT_DECIDED', 'This payout has already been completed or failed'));
    }
    const balances = balancesOf(payout.userId);
    balances.inTransitCents -= payout.amountCents;
    balances.paidOutCents += payout.amountCents;
    payout.status = 'completed';
    return response(200).json(payoutDto(payout));
  }),

  http.post('/api/admin/payouts/{id}/fail', async ({ request, params, response }) => {
    if (!isAdmin(request)) return response.untyped(unauthenticated(request));
    const reason = await reasonOf(request);
    if (reason instanceof Response) return response.untyped(reason);
    const payout = earningsDb.payouts.find((p) => p.id === params.id);
    if (!payout) return response(404).json(errorBody(404, 'MONEY.PAYOUT_NOT_FOUND', 'Payout not found'));
    if (payout.status !== 'pending') {
      return response(409).json(errorBody(409, 'MONEY.PAYOUT_DECIDED', 'This payout has already been completed or failed'));
    }
    // Failed: the funds return to the creator's available balance.
    const balances = balancesOf(payout.userId);
    balances.inTransitCents -= payout.amountCents;
    balances.availableCents += payout.amountCents;
    payout.status = 'failed';
    payout.failureReason = reason;
    return response(200).json(payoutDto(payout));
  }),

  http.get('/api/admin/partner-applications', ({ request, response }) => {
    if (!isAdmin(request)) return response.untyped(unauthenticated(request));
    const asked = new URL(request.url).searchParams.get('status') ?? 'pending';
    const status = (STATUSES as readonly string[]).includes(asked) ? asked : 'pending';
    const applications = earningsDb.applications
      .filter((a) => status === 'all' || a.status === status)
      .sort((a, b) => a.submittedAt.localeCompare(b.submittedAt))
      .map(applicationDto);
    return response(200).json({ applications });
  }),

  http.post('/api/admin/partner-applications/{id}/approve', async ({ request, params, response }) =>
    response.untyped(await decideApplication(request, params.id, 'approve')),
  ),
  http.post('/api/admin/partner-applications/{id}/reject', async ({ request, params, response }) =>
    response.untyped(await decideApplication(request, params.id, 'reject')),
  ),
  http.post('/api/admin/partner-applications/{id}/suspend', async ({ request, params, response }) =>
    response.untyped(await decideApplication(request, params.id, 'suspend')),
  ),
];
