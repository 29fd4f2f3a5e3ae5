import { describe, expect, test } from '@jest/globals';
import { bearerHeader, createApiClient } from '../../api/client';
import { findUserByIdentifier, issueUserToken, mockDb } from '../../mocks/db';
import { mediaDb } from '../../mocks/mediaDb';
import { moderationDb } from '../../mocks/moderationDb';
import { multipart } from '../../shared/multipart';
import { demoUser } from '../../test/accounts';

// QA mode must hold the server's moderation rules: who may report what, once; the queue and its decisions; strikes,
// appeals and the audit log.

const clientFor = (token: string | null) => createApiClient({ getUserToken: () => token });
const asAda = () => clientFor(issueUserToken(demoUser().user.id));
const admin = () => {
  mockDb.adminTokens.set('admin-token', 'admin');
  return { headers: bearerHeader('admin-token') };
};
const videoId = (title: string) => mediaDb.videos.find((v) => v.title === title)?.id ?? '';

function report(api: ReturnType<typeof clientFor>, fields: Record<string, string | undefined>) {
  return api.POST('/api/content/report', { ...multipart(fields) });
}

describe('mock moderation API', () => {
  test('a report: 201 once, then "already reported"; a visitor, your own content and unknown content are refused', async () => {
    const ada = asAda();
    const harbour = videoId('Sunrise over the harbour');

    const first = await report(ada, { content_type: 'video', content_id: harbour, reason: 'spam', description: ' Same clip ', timestamp_seconds: '2' });
    expect(first.response.status).toBe(201);
    expect(first.data).toMatchObject({ content_type: 'video', content_id: harbour, reason: 'spam', description: 'Same clip', timestamp_seconds: 2, status: 'open' });

    const again = await report(ada, { content_type: 'video', content_id: harbour, reason: 'other' });
    expect(again.response.status).toBe(400);
    expect(again.error).toMatchObject({ code: 'MODERATION.ALREADY_REPORTED', detail: 'You have already reported this content' });

    const visitor = await report(clientFor(null), { content_type: 'video', content_id: harbour, reason: 'spam' });
    expect(visitor.response.status).toBe(401);
    expect(visitor.error?.detail).toBe('Please login to report content');

    const own = await report(ada, { content_type: 'video', content_id: videoId('Notes on the Analytical Engine'), reason: 'spam' });
    expect(own.error?.detail).toBe('You cannot report your own content');

    const missing = await report(ada, { content_type: 'video', content_id: 'nothing', reason: 'spam' });
    expect(missing.response.status).toBe(404);

    const noReason = await report(ada, { content_type: 'video', content_id: harbour, reason: ' ' });
    expect(noReason.error?.detail).toBe('Please select a reason for reporting');

    const mira = findUserByIdentifier('mira');
    const timedChannel = await report(ada, { content_type: 'user', content_id: mira?.user.active_account_id ?? '', reason: 'other', timestamp_seconds: '3' });
    expect(timedChannel.response.status).toBe(400);
  });

  test('the report joins the open case of its content; JSON works as well as multipart', async () => {
    const ada = asAda();
    const timelapse = videoId('City lights timelapse');
    const { response } = await ada.POST('/api/content/report', { body: { content_type: 'video', content_id: timelapse, reason: 'violence' } });
    expect(response.status).toBe(201);
    const open = moderationDb.cases.filter((c) => c.contentId === timelapse && c.status === 'open');
    expect(open).toHaveLength(1);
    expect(moderationDb.reports.filter((r) => r.caseId === open[0].id)).toHaveLength(4);
  });

  test('at most 20 reports an hour', async () => {
    const ada = asAda();
    for (let i = 0; i < 20; i += 1) {
      moderationDb.reports.push({ ...moderationDb.reports[0], id: `r${i}`, reporterUserId: demoUser().user.id, contentId: `c${i}`, createdAt: new Date().toISOString() });
    }
    const refused = await report(ada, { content_type: 'video', content_id: videoId('Sunrise over the harbour'), reason: 'spam' });
    expect(refused.response.status).toBe(429);
  });

  test('decisions: a profile cannot be removed; a decided case cannot be decided again; admins only', async () => {
    const api = clientFor(null);
    const { data } = await api.GET('/api/admin/moderation/cases', { params: { query: { status: 'open' } }, ...admin() });
    const channel = data?.cases.find((c) => c.content_type === 'user');
    const video = data?.cases.find((c) => c.content_type === 'video');
    if (!channel || !video) throw new Error('the demo queue has a channel and a video');

    const removeProfile = await api.POST('/api/admin/moderation/cases/{id}/decision', {
      params: { path: { id: channel.id } },
      body: { action: 'remove', reason: 'x' },
      ...admin(),
    });
    expect(removeProfile.error?.detail).toBe('A profile cannot be removed: strike its owner or dismiss the reports');

    const noReason = await api.POST('/api/admin/moderation/cases/{id}/decision', { params: { path: { id: video.id } }, body: { action: 'dismiss', reason: ' ' }, ...admin() });
    expect(noReason.response.status).toBe(400);

    const notAdmin = await asAda().POST('/api/admin/moderation/cases/{id}/decision', { params: { path: { id: video.id } }, body: { action: 'dismiss', reason: 'ok' } });
    expect(notAdmin.response.status).toBe(403);
    expect(notAdmin.error).toMatchObject({ code: 'AUTH.ADMIN_REQUIRED', detail: 'Administrator access required: sign in to the admin console' });
    const noToken = await clientFor(null).POST('/api/admin/moderation/cases/{id}/decision', { params: { path: { id: video.id } }, body: { action: 'dismiss', reason: 'ok' } });
    expect(noToken.response.status).toBe(401);
    expect(noToken.error).toMatchObject({ code: 'UNAUTHENTICATED', detail: 'Authentication is required' });

    const first = await api.POST('/api/admin/moderation/cases/{id}/decision', { params: { path: { id: video.id } }, body: { action: 'dismiss', reason: 'fine' }, ...admin() });
    expect(first.data).toMatchObject({ status: 'resolved', resolution: 'dismissed', resolution_reason: 'fine', resolved_by: 'admin' });
    const second = await api.POST('/api/admin/moderation/cases/{id}/decision', { params: { path: { id: video.id } }, body: { action: 'remove', reason: 'no' }, ...admin() });
    expect(second.response.status).toBe(409);
    expect(second.error?.detail).toBe('This case has already been decided');
  });

  test('a strike is appealed once by its owner, within 20 days; the admin decides it once', async () => {
    const api = clientFor(null);
    const { data } = await api.GET('/api/admin/moderation/cases', { params: { query: { status: 'open' } }, ...admin() });
    const loom = data?.cases.find((c) => c.content.title === 'Loom patterns, explained');
    if (!loom) throw new Error('the demo queue has ada’s loom video');
    await api.POST('/api/admin/moderation/cases/{id}/decision', { params: { path: { id: loom.id } }, body: { action: 'remove_and_strike', reason: 'Copied' }, ...admin() });
    expect(mediaDb.videos.some((v) => v.id === loom.content_id)).toBe(false);

    const ada = asAda();
    const mine = await ada.GET('/api/moderation/strikes');
    const strike = mine.data?.strikes[0];
    expect(strike).toMatchObject({ reason: 'Copied', status: 'active', can_appeal: true, content_removed: true, appeal: null });
    if (!strike) return;

    const partner = await ada.GET('/api/creator/partner-program-status');
    expect(partner.data?.requirements).toMatchObject({ guidelines_compliant: false, guidelines_strike: { reason: 'Copied' } });
    const payout = await ada.POST('/api/payout/request', { body: { amount: '60', payment_method: 'paypal' } });
    expect(payout.response.status).toBe(409);

    const appealed = await ada.POST('/api/moderation/strikes/{id}/appeal', { params: { path: { id: strike.id } }, body: { message: 'Mine' } });
    expect(appealed.data).toMatchObject({ can_appeal: false, appeal: { message: 'Mine', status: 'pending' } });
    const twice = await ada.POST('/api/moderation/strikes/{id}/appeal', { params: { path: { id: strike.id } }, body: { message: 'Again' } });
    expect(twice.error?.detail).toBe('This strike has already been appealed');

    const decided = await api.POST('/api/admin/moderation/strikes/{id}/appeal-decision', { params: { path: { id: strike.id } }, body: { decision: 'overturn', reason: 'Original' }, ...admin() });
    expect(decided.data).toMatchObject({ status: 'overturned', content_removed: false, appeal: { status: 'overturned', decision_reason: 'Original' } });
    expect(mediaDb.videos.some((v) => v.id === loom.content_id)).toBe(true);
    const again = await api.POST('/api/admin/moderation/strikes/{id}/appeal-decision', { params: { path: { id: strike.id } }, body: { decision: 'uphold', reason: 'No' }, ...admin() });
    expect(again.error?.detail).toBe('This appeal has already been decided');

    const audit = await api.GET('/api/admin/moderation/audit', { ...admin() });
    expect(audit.data?.entries.slice(0, 2).map((e) => e.action)).toEqual(['overturn_appeal', 'remove_and_strike']);
  });

  test('an appeal after 20 days is refused', async () => {
    const strike = moderationDb.strikes[0];
    strike.userId = demoUser().user.id;
    strike.appeal = null;
    strike.createdAt = new Date(Date.now() - 21 * 86_400_000).toISOString();
    const refused = await asAda().POST('/api/moderation/strikes/{id}/appeal', { params: { path: { id: strike.id } }, body: { message: 'Late' } });
    expect(refused.response.status).toBe(409);
    expect(refused.error?.detail).toBe('The appeal window for this strike has closed');
  });
});
