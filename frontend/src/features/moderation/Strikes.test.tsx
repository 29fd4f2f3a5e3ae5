import { describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { errorBody, http } from '../../mocks/http';
import { mediaDb } from '../../mocks/mediaDb';
import { moderationDb, moderationId, type MockAppeal, type MockStrike } from '../../mocks/moderationDb';
import { server } from '../../mocks/server';
import { formatDate } from '../../shared/format';
import { demoUser } from '../../test/accounts';
import { fill } from '../../test/fill';
import { renderSection } from '../../test/renderApp';
import { storeDemoUserToken } from '../../test/session';
import { MODERATION_MESSAGES } from './messages';

const DAY_MS = 86_400_000;

/** A strike on ada, given `daysAgo` days ago for her loom video (taken down with it when `removed`). */
function strikeAda({ daysAgo = 2, reason = 'Copied patterns without credit', removed = false, appeal = null as MockAppeal | null, overturned = false } = {}): MockStrike {
  const loom = mediaDb.videos.find((v) => v.title === 'Loom patterns, explained');
  const strike: MockStrike = {
    id: moderationId('strike'),
    userId: demoUser().user.id,
    caseId: moderationId('case'),
    reason,
    contentType: 'video',
    contentId: loom?.id ?? 'loom',
    contentTitle: 'Loom patterns, explained',
    removedWith: removed,
    createdAt: new Date(Date.now() - daysAgo * DAY_MS).toISOString(),
    overturned,
    appeal,
  };
  moderationDb.strikes.push(strike);
  return strike;
}

/** Signed in as Ada, on the partner program page, once her strikes have been read. */
async function openPartnerProgram() {
  storeDemoUserToken();
  const app = await renderSection('monetization');
  await screen.findByRole('heading', { name: 'Partner program', level: 1 });
  await waitFor(() => expect(screen.queryByLabelText('Loading strikes')).not.toBeInTheDocument());
  return app;
}

const strikes = () => within(screen.getByRole('region', { name: 'Community Guidelines strikes' }));
const strikeCard = (reason: string) => within(strikes().getByRole('article', { name: `Strike: ${reason}` }));

describe("the creator's strikes on the partner program page", () => {
  test('none: the guidelines requirement is met and the section says there are no strikes', async () => {
    await openPartnerProgram();
    expect(await screen.findByRole('listitem', { name: /^No active Community Guidelines strikes: met$/ })).toBeInTheDocument();
    expect(strikes().getByText('Your channel has no strikes.')).toBeInTheDocument();
  });

  test('an active strike fails the guidelines requirement with its reason, and shows its content, dates and status', async () => {
    const strike = strikeAda();
    await openPartnerProgram();

    const requirement = await screen.findByRole('listitem', { name: /^No active Community Guidelines strikes: not met$/ });
    const ends = formatDate(new Date(new Date(strike.createdAt).getTime() + 90 * DAY_MS).toISOString());
    expect(requirement).toHaveTextContent(`Your channel has an active strike until ${ends}: Copied patterns without credit`);

    const card = strikeCard('Copied patterns without credit');
    expect(card.getByText('Active')).toBeInTheDocument();
    expect(card.getByText('Video: “Loom patterns, explained”')).toBeInTheDocument();
    const deadline = formatDate(new Date(new Date(strike.createdAt).getTime() + 20 * DAY_MS).toISOString());
    expect(card.getByText(`Given ${formatDate(strike.createdAt)} · ends ${ends} · appeal until ${deadline}`)).toBeInTheDocument();
    expect(card.getByRole('textbox', { name: /Appeal this strike/ })).toBeInTheDocument();
  });

  test('the appeal: a message is needed; once sent the strike shows it under review and the form goes', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/moderation/strikes/{id}/appeal', async ({ request }) => {
        sent.push(await request.clone().json());
        return undefined;
      }),
    );
    strikeAda();
    const { user } = await openPartnerProgram();
    const card = () => strikeCard('Copied patterns without credit');

    await user.click(card().getByRole('button', { name: 'Send appeal' }));
    expect(card().getByText(MODERATION_MESSAGES.appealRequired)).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await fill(user, card().getByRole('textbox', { name: /Appeal this strike/ }), 'I drew these patterns myself in 2019.');
    await user.click(card().getByRole('button', { name: 'Send appeal' }));

    expect(await screen.findByText(MODERATION_MESSAGES.appealSent)).toBeInTheDocument();
    expect(sent).toEqual([{ message: 'I drew these patterns myself in 2019.' }]);
    const appeal = within(await card().findByRole('group', { name: 'Your appeal' }));
    expect(appeal.getByText('Appeal under review')).toBeInTheDocument();
    expect(appeal.getByText('Your appeal: I drew these patterns myself in 2019.')).toBeInTheDocument();
    expect(card().queryByRole('button', { name: 'Send appeal' })).not.toBeInTheDocument();
  });

  test("a refused appeal says why under the message, and the strike is read again", async () => {
    server.use(
      http.post('/api/moderation/strikes/{id}/appeal', ({ response }) =>
        response(409).json(errorBody(409, 'MODERATION.APPEAL_CLOSED', 'The appeal window for this strike has closed')),
      ),
    );
    strikeAda();
    const { user } = await openPartnerProgram();
    const card = strikeCard('Copied patterns without credit');

    await fill(user, card.getByRole('textbox', { name: /Appeal this strike/ }), 'Please look again');
    await user.click(card.getByRole('button', { name: 'Send appeal' }));

    expect(await card.findByText('Failed to send the appeal: The appeal window for this strike has closed')).toBeInTheDocument();
    expect(screen.queryByText(MODERATION_MESSAGES.appealSent)).not.toBeInTheDocument();
  });

  test('past the 20 days an active strike has no appeal form; decided appeals show their outcome and reason', async () => {
    strikeAda({ daysAgo: 30, reason: 'Late strike' });
    strikeAda({
      daysAgo: 60,
      reason: 'Overturned strike',
      removed: true,
      overturned: true,
      appeal: { message: 'It was satire', status: 'overturned', createdAt: new Date(Date.now() - 55 * DAY_MS).toISOString(), decidedAt: new Date(Date.now() - 50 * DAY_MS).toISOString(), decisionReason: 'Satire is allowed' },
    });
    strikeAda({
      daysAgo: 120,
      reason: 'Old strike',
      appeal: { message: 'Not me', status: 'upheld', createdAt: new Date(Date.now() - 118 * DAY_MS).toISOString(), decidedAt: new Date(Date.now() - 110 * DAY_MS).toISOString(), decisionReason: 'It was you' },
    });
    await openPartnerProgram();

    const late = strikeCard('Late strike');
    expect(late.getByText('Active')).toBeInTheDocument();
    expect(late.queryByRole('textbox', { name: /Appeal this strike/ })).not.toBeInTheDocument();

    const overturned = strikeCard('Overturned strike');
    expect(overturned.getByText('Overturned')).toBeInTheDocument();
    expect(overturned.getByText('Appeal granted')).toBeInTheDocument();
    expect(overturned.getByText('Decision: Satire is allowed')).toBeInTheDocument();

    const old = strikeCard('Old strike');
    expect(old.getByText('Expired')).toBeInTheDocument();
    expect(old.getByText('Appeal rejected')).toBeInTheDocument();
    expect(old.getByText('Decision: It was you')).toBeInTheDocument();

    // Newest first.
    expect(strikes().getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Strike: Late strike',
      'Strike: Overturned strike',
      'Strike: Old strike',
    ]);
  });
});
