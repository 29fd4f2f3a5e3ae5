import { describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { findUserByIdentifier, mockDb } from '../../mocks/db';
import { commentsDb } from '../../mocks/commentsDb';
import { errorBody, http } from '../../mocks/http';
import { mediaDb } from '../../mocks/mediaDb';
import { moderationDb } from '../../mocks/moderationDb';
import { server } from '../../mocks/server';
import { socialDb } from '../../mocks/socialDb';
import { TOKEN_KEYS } from '../../shared/storage';
import { renderApp } from '../../test/renderApp';

/** The admin console, signed in with a stored admin token, once the open queue shows. */
async function openReports() {
  mockDb.adminTokens.set('stored-admin-token', 'admin');
  window.localStorage.setItem(TOKEN_KEYS.admin, 'stored-admin-token');
  const app = renderApp({ route: '/admin?tab=moderation' });
  await screen.findByText('Signed in as admin');
  await panel().findAllByRole('article', { name: /^Case: / });
  return app;
}

const panel = () => within(screen.getByRole('region', { name: 'Reports' }));
const caseCard = (name: string | RegExp) => within(panel().getByRole('article', { name: typeof name === 'string' ? `Case: ${name}` : name }));
const modal = (name: string | RegExp) => within(screen.getByRole('dialog', { name }));
const miraId = () => findUserByIdentifier('mira')?.user.id ?? '';
const adaId = () => findUserByIdentifier('ada')?.user.id ?? '';

/** Records each decision the console sends. */
function recordDecisions(path: '/api/admin/moderation/cases/{id}/decision' | '/api/admin/moderation/strikes/{id}/appeal-decision') {
  const sent: { id: string; body: unknown; auth: string | null }[] = [];
  server.use(
    http.post(path, async ({ request, params }) => {
      sent.push({ id: String(params.id), body: await request.clone().json(), auth: request.headers.get('Authorization') });
      return undefined;
    }),
  );
  return sent;
}

describe('admin console: the Reports panel', () => {
  test('the open queue: cases by report count, the content as reported, its owner and each report', async () => {
    await openReports();

    const names = panel()
      .getAllByRole('article', { name: /^Case: / })
      .map((article) => article.getAttribute('aria-label'));
    // Three reports first; then the one-report cases, oldest first.
    expect(names[0]).toBe('Case: City lights timelapse');
    expect(names.slice(1)).toEqual([
      'Case: Loom patterns, explained',
      expect.stringMatching(/^Case: Comment: “Clearest explanation/),
      'Case: mira',
    ]);

    const timelapse = caseCard('City lights timelapse');
    expect(timelapse.getByText('3 reports')).toBeInTheDocument();
    expect(timelapse.getByText(/Owner: mira/)).toBeInTheDocument();
    expect(timelapse.getByText('Channel: mira @mira')).toBeInTheDocument();
    expect(timelapse.getByLabelText('Preview of City lights timelapse', { selector: 'video' })).toHaveAttribute('src');
    const reports = within(timelapse.getByRole('table', { name: 'Reports' }));
    expect(reports.getAllByRole('row')).toHaveLength(4); // the header and three reports
    expect(reports.getByText('Flashing lights with no warning.')).toBeInTheDocument();
    expect(reports.getByRole('button', { name: '0:02' })).toBeInTheDocument();
    expect(reports.getAllByText('Spam or misleading')).toHaveLength(2);

    const comment = caseCard(/^Case: Comment: “Clearest explanation/);
    expect(comment.getByText('Clearest explanation of the mill and the store I have seen.')).toBeInTheDocument();
    expect(comment.getByText('On video “Notes on the Analytical Engine”')).toBeInTheDocument();

    // A profile cannot be removed: only Dismiss and Strike are offered.
    const channel = caseCard('mira');
    expect(channel.getByText('Harbours, cities and coffee.')).toBeInTheDocument();
    expect(channel.getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
    expect(channel.getByRole('button', { name: 'Strike' })).toBeInTheDocument();
    expect(channel.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    expect(channel.queryByRole('button', { name: 'Remove and strike' })).not.toBeInTheDocument();
  });

  test('Remove and strike asks for a reason and a confirmation, takes the video down, strikes its owner, tells everyone', async () => {
    const sent = recordDecisions('/api/admin/moderation/cases/{id}/decision');
    const { user } = await openReports();
    const timelapse = mediaDb.videos.find((v) => v.title === 'City lights timelapse');

    await user.click(caseCard('City lights timelapse').getByRole('button', { name: 'Remove and strike' }));
    const confirm = modal('Remove and strike: City lights timelapse');
    expect(confirm.getByText(/taken down and its owner receives a guideline strike for 90 days/)).toBeInTheDocument();
    expect(confirm.getByRole('button', { name: 'Remove and strike' })).toBeDisabled();
    await user.type(confirm.getByRole('textbox', { name: /Reason/ }), 'Repeated spam uploads');
    await user.click(confirm.getByRole('button', { name: 'Remove and strike' }));

    expect(await screen.findByText('Content removed and strike given to the owner')).toBeInTheDocument();
    await waitFor(() => expect(panel().queryByRole('article', { name: 'Case: City lights timelapse' })).not.toBeInTheDocument());
    expect(sent).toEqual([
      { id: expect.any(String), body: { action: 'remove_and_strike', reason: 'Repeated spam uploads' }, auth: 'Bearer stored-admin-token' },
    ]);
    // The video is gone from every list; mira has a strike and is told; the reporters are out of the mock data.
    expect(mediaDb.videos.some((v) => v.id === timelapse?.id)).toBe(false);
    expect(moderationDb.strikes.filter((s) => s.userId === miraId() && s.reason === 'Repeated spam uploads')).toHaveLength(1);
    expect(socialDb.notifications.filter((n) => n.userId === miraId()).map((n) => n.type)).toEqual(
      expect.arrayContaining(['content_removed', 'strike']),
    );

    // Resolved: the case with how it ended; the audit log has the decision.
    await user.click(panel().getByRole('tab', { name: 'Resolved' }));
    const resolved = within(await panel().findByRole('article', { name: 'Case: City lights timelapse' }));
    expect(resolved.getByText('Removed and strike')).toBeInTheDocument();
    expect(resolved.getByText('Reason: Repeated spam uploads')).toBeInTheDocument();
    expect(resolved.getByText(/by admin$/)).toBeInTheDocument();
    expect(resolved.getByText('Removed by moderation')).toBeInTheDocument();
    expect(resolved.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();

    await user.click(panel().getByRole('tab', { name: 'Audit log' }));
    const log = within(await panel().findByRole('table', { name: 'Audit log' }));
    const row = log.getByText('Repeated spam uploads').closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Removed content and gave a strike');
    expect(row).toHaveTextContent('admin');
    expect(row).toHaveTextContent('mira');
  });

  test("Dismiss closes a case, and a reporter who is a user is told the outcome", async () => {
    const { user } = await openReports();

    await user.click(caseCard('Loom patterns, explained').getByRole('button', { name: 'Dismiss' }));
    const confirm = modal('Dismiss: Loom patterns, explained');
    await user.type(confirm.getByRole('textbox', { name: /Reason/ }), 'Original work');
    await user.click(confirm.getByRole('button', { name: 'Dismiss' }));

    expect(await screen.findByText('Reports dismissed; the content stays up')).toBeInTheDocument();
    await waitFor(() => expect(panel().queryByRole('article', { name: 'Case: Loom patterns, explained' })).not.toBeInTheDocument());
    expect(mediaDb.videos.some((v) => v.title === 'Loom patterns, explained')).toBe(true);
    expect(moderationDb.strikes.some((s) => s.userId === adaId())).toBe(false);
    const told = socialDb.notifications.find((n) => n.userId === miraId() && n.type === 'report_resolved');
    expect(told?.message).toBe('Thank you for your report. Outcome: No violation was found; the content stays up.');
  });

  test('Remove deletes a reported comment', async () => {
    const { user } = await openReports();
    const before = commentsDb.comments.length;

    await user.click(caseCard(/^Case: Comment: “Clearest explanation/).getByRole('button', { name: 'Remove' }));
    const confirm = modal(/^Remove: Comment/);
    await user.type(confirm.getByRole('textbox', { name: /Reason/ }), 'Spam comment');
    await user.click(confirm.getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Content removed')).toBeInTheDocument();
    // The comment and its reply are gone.
    expect(commentsDb.comments.length).toBe(before - 2);
  });

  test("a refused decision shows the server's detail and reads the queue again", async () => {
    server.use(
      http.post('/api/admin/moderation/cases/{id}/decision', ({ response }) =>
        response(409).json(errorBody(409, 'MODERATION.CASE_DECIDED', 'This case has already been decided')),
      ),
    );
    const { user } = await openReports();

    await user.click(caseCard('City lights timelapse').getByRole('button', { name: 'Strike' }));
    const confirm = modal('Strike: City lights timelapse');
    await user.type(confirm.getByRole('textbox', { name: /Reason/ }), 'Spam');
    await user.click(confirm.getByRole('button', { name: 'Strike' }));

    expect(await screen.findByText('Failed to decide: This case has already been decided')).toBeInTheDocument();
    expect(panel().getByRole('article', { name: 'Case: City lights timelapse' })).toBeInTheDocument();
  });

  test('pending appeals: Overturn with a reason ends the strike and restores what was removed with it', async () => {
    const sent = recordDecisions('/api/admin/moderation/strikes/{id}/appeal-decision');
    const { user } = await openReports();

    await user.click(panel().getByRole('tab', { name: /^Appeals/ }));
    const appeal = within(await panel().findByRole('article', { name: 'Appeal of mira' }));
    expect(appeal.getByText(/Fireworks over the bay/)).toBeInTheDocument();
    expect(appeal.getByText(/Strike: Shows a person being injured/)).toBeInTheDocument();
    expect(appeal.getByText(/Appeal: Nobody was hurt/)).toBeInTheDocument();
    expect(appeal.getByText('Removed with the strike')).toBeInTheDocument();

    await user.click(appeal.getByRole('button', { name: 'Overturn' }));
    const confirm = modal('Overturn strike');
    expect(confirm.getByText(/anything removed with it is restored/)).toBeInTheDocument();
    await user.type(confirm.getByRole('textbox', { name: /Reason/ }), 'Staged performance, licensed');
    await user.click(confirm.getByRole('button', { name: 'Overturn' }));

    expect(await screen.findByText('Strike overturned')).toBeInTheDocument();
    expect(await panel().findByText('No appeals are waiting.')).toBeInTheDocument();
    expect(sent.map((s) => s.body)).toEqual([{ decision: 'overturn', reason: 'Staged performance, licensed' }]);
    expect(mediaDb.videos.some((v) => v.title === 'Fireworks over the bay')).toBe(true);
    const told = socialDb.notifications.find((n) => n.userId === miraId() && n.type === 'appeal_decided');
    expect(told?.title).toBe('Appeal granted: strike removed');

    await user.click(panel().getByRole('tab', { name: 'Audit log' }));
    const log = within(await panel().findByRole('table', { name: 'Audit log' }));
    expect(log.getByText('Staged performance, licensed').closest('tr')).toHaveTextContent('Overturned a strike on appeal');
  });

  test('an appeal sent while the console is open shows when the Appeals tab is opened', async () => {
    const strike = moderationDb.strikes.find((s) => s.userId === miraId())!;
    const pending = strike.appeal;
    strike.appeal = null;
    const { user } = await openReports();
    strike.appeal = pending;

    await user.click(panel().getByRole('tab', { name: /^Appeals/ }));
    expect(await panel().findByRole('article', { name: 'Appeal of mira' })).toBeInTheDocument();
  });

  test('Uphold keeps the strike', async () => {
    const { user } = await openReports();
    await user.click(panel().getByRole('tab', { name: /^Appeals/ }));
    const appeal = within(await panel().findByRole('article', { name: 'Appeal of mira' }));
    await user.click(appeal.getByRole('button', { name: 'Uphold' }));
    const confirm = modal('Uphold strike');
    await user.type(confirm.getByRole('textbox', { name: /Reason/ }), 'The injury is real');
    await user.click(confirm.getByRole('button', { name: 'Uphold' }));

    expect(await screen.findByText('Strike upheld')).toBeInTheDocument();
    const strike = moderationDb.strikes.find((s) => s.userId === miraId());
    expect(strike?.appeal?.status).toBe('upheld');
    expect(strike?.overturned).toBe(false);
    expect(mediaDb.videos.some((v) => v.title === 'Fireworks over the bay')).toBe(false);
  });

  test('the queue pages: More reports brings the next cases', async () => {
    const asked: (string | null)[] = [];
    server.use(
      http.get('/api/admin/moderation/cases', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('cursor'));
        return undefined;
      }),
    );
    // 22 more cases (channels) of one report each.
    const sample = moderationDb.cases.find((c) => c.contentType === 'user');
    if (!sample) throw new Error('the demo data has no channel case');
    for (let i = 0; i < 22; i += 1) {
      const id = `case-extra-${i}`;
      moderationDb.cases.push({ ...sample, id, contentId: `content-${i}`, snapshot: { ...sample.snapshot, channelName: `Extra ${i}` } });
      moderationDb.reports.push({ ...moderationDb.reports[0], id: `report-extra-${i}`, caseId: id, contentId: `content-${i}` });
    }
    const { user } = await openReports();
    expect(panel().getAllByRole('article', { name: /^Case: / })).toHaveLength(20);

    await user.click(panel().getByRole('button', { name: 'More reports' }));
    await waitFor(() => expect(panel().getAllByRole('article', { name: /^Case: / })).toHaveLength(26));
    expect(asked).toEqual([null, '20']);
    expect(panel().queryByRole('button', { name: 'More reports' })).not.toBeInTheDocument();
  });

  test('a queue that cannot be read says so', async () => {
    server.use(http.get('/api/admin/moderation/cases', ({ response }) => response(401).json(errorBody(401, 'IDENTITY.SESSION_INVALID', 'No'))));
    mockDb.adminTokens.set('stored-admin-token', 'admin');
    window.localStorage.setItem(TOKEN_KEYS.admin, 'stored-admin-token');
    renderApp({ route: '/admin?tab=moderation' });
    expect(await within(await screen.findByRole('region', { name: 'Reports' })).findByText('Failed to load reports')).toBeInTheDocument();
  });
});
