import { describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppProviders } from '../../../app/AppProviders';
import { findUserByIdentifier, issueUserToken } from '../../../mocks/db';
import { errorBody, http } from '../../../mocks/http';
import { server } from '../../../mocks/server';
import { RootStore } from '../../../stores/RootStore';
import { TOKEN_KEYS } from '../../../shared/storage';
import { storeDemoUserToken } from '../../../test/session';
import { fill } from '../../../test/fill';
import { TournamentsTab } from './TournamentsTab';
import { decide, tournamentsDb, type MockMatch, type MockTournament } from './mocks';

function Location() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname + location.search}
    </output>
  );
}

/** The Tournaments tab on its own (the Gaming section hosts it), as `who` sees it. */
async function openTab({ who = 'ada', route = '/gaming?tab=tournaments' }: { who?: 'ada' | 'mira' | 'visitor'; route?: string } = {}) {
  if (who === 'ada') storeDemoUserToken();
  if (who === 'mira') {
    const mira = findUserByIdentifier('mira@example.com');
    if (!mira) throw new Error('no mira');
    window.localStorage.setItem(TOKEN_KEYS.user, issueUserToken(mira.user.id));
  }
  const store = new RootStore();
  await store.auth.init();
  const user = userEvent.setup({ delay: null });
  render(
    <AppProviders store={store} env="test">
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path="/gaming" element={<TournamentsTab />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <Location />
      </MemoryRouter>
    </AppProviders>,
  );
  return { store, user };
}

const byName = (name: string): MockTournament => {
  const t = tournamentsDb().find((x) => x.name === name);
  if (!t) throw new Error(`no tournament ${name}`);
  return t;
};

/** A toast's text (not the same words elsewhere on the page). */
const toast = (text: string) => screen.findByText(text, { selector: '.mantine-Notification-description' });

const card = async (name: string) => within(await screen.findByRole('article', { name }));

describe('tournament cards', () => {
  test('show name, game, organizer, amounts as declared, participants and a green Open badge with Join', async () => {
    await openTab();
    const cup = await card('Friday Night Rocket League Cup');
    expect(cup.getByText('Rocket League')).toBeInTheDocument();
    expect(cup.getByText(/by @mira · starts/)).toBeInTheDocument();
    expect(cup.getByText('Prize pool (declared)')).toBeInTheDocument();
    expect(cup.getByText('$250.00')).toBeInTheDocument();
    expect(cup.getByText('$5.00')).toBeInTheDocument();
    expect(cup.getByLabelText('Participants')).toHaveTextContent('5/16');
    const badge = cup.getByText('Open').closest('.mantine-Badge-root') as HTMLElement;
    expect(badge).toHaveAttribute('data-variant', 'filled');
    expect(badge.style.getPropertyValue('--badge-bg')).toContain('green');
    expect(cup.getByRole('button', { name: 'Join' })).toBeEnabled();
    expect(screen.getByText(/Scriven does not collect entry fees or pay prizes/)).toBeInTheDocument();
  });

  test("a full tournament reads 'Tournament Full', disabled; other statuses are grey with no Join", async () => {
    await openTab();
    const sprint = await card('Target Rush Sprint');
    expect(sprint.getByRole('button', { name: 'Tournament Full' })).toBeDisabled();
    expect(sprint.queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
    for (const [name, label] of [
      ['Autumn Chess Blitz', 'In progress'],
      ['Summer Smash Invitational', 'Completed'],
      ['Midnight Valorant Scrims', 'Cancelled'],
    ] as const) {
      const c = await card(name);
      const badge = c.getByText(label).closest('.mantine-Badge-root') as HTMLElement;
      expect(badge.style.getPropertyValue('--badge-color')).toContain('gray');
      expect(c.queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
      expect(c.queryByRole('button', { name: 'Tournament Full' })).not.toBeInTheDocument();
    }
    expect((await card('Summer Smash Invitational')).getByText(/Champion: @mira/)).toBeInTheDocument();
  });

  test("joining toasts 'Successfully joined tournament!' and counts the player; Leave gives the place back", async () => {
    const { user } = await openTab();
    const cup = await card('Friday Night Rocket League Cup');
    await user.click(cup.getByRole('button', { name: 'Join' }));
    expect(await toast('Successfully joined tournament!')).toBeInTheDocument();
    expect(cup.getByLabelText('Participants')).toHaveTextContent('6/16');
    expect(cup.getByText('Joined')).toBeInTheDocument();
    await user.click(cup.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(cup.getByLabelText('Participants')).toHaveTextContent('5/16'));
    expect(cup.getByRole('button', { name: 'Join' })).toBeInTheDocument();
  });

  test("a refused join shows the server's detail, and the card catches up", async () => {
    const { user } = await openTab();
    const cup = await card('Friday Night Rocket League Cup');
    // Someone took the last places meanwhile: the server says so.
    byName('Friday Night Rocket League Cup').max_participants = 5;
    await user.click(cup.getByRole('button', { name: 'Join' }));
    expect(await toast('Tournament Full')).toBeInTheDocument();
    await waitFor(() => expect(cup.getByRole('button', { name: 'Tournament Full' })).toBeDisabled());
    expect(cup.getByLabelText('Participants')).toHaveTextContent('5/5');
  });

  test("a failure without a detail says 'Failed to join tournament'", async () => {
    server.use(http.post('/api/gaming/tournament/{id}/join', () => new Response('oops', { status: 502 })));
    const { user } = await openTab();
    await user.click((await card('Friday Night Rocket League Cup')).getByRole('button', { name: 'Join' }));
    expect(await toast('Failed to join tournament')).toBeInTheDocument();
    expect(byName('Friday Night Rocket League Cup').participants).toHaveLength(5);
  });

  test('visitors browse, and Join takes them to sign in', async () => {
    const { user } = await openTab({ who: 'visitor' });
    const cup = await card('Friday Night Rocket League Cup');
    await user.click(cup.getByRole('button', { name: 'Join' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/signin?next=');
  });

  test('the status filter asks the server for that status only', async () => {
    const { user } = await openTab();
    await card('Friday Night Rocket League Cup');
    await user.click(screen.getByRole('radio', { name: 'Completed' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Friday Night Rocket League Cup' })).not.toBeInTheDocument());
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Summer Smash Invitational']);
  });

  test('on a phone (390 px) the five statuses scroll sideways rather than being cut off', async () => {
    await openTab();
    await card('Friday Night Rocket League Cup');
    const filter = screen.getByRole('radio', { name: 'Cancelled' }).closest('.mantine-SegmentedControl-root')!;
    expect(filter.closest('.mantine-ScrollArea-root')).not.toBeNull();
  });
});

describe('Create Tournament', () => {
  const local = (ms: number) => {
    const d = new Date(Date.now() + ms);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  };

  test('checks the required fields with their messages; defaults entry fee 0, prize pool 0, 32 places', async () => {
    const { user } = await openTab();
    await user.click(await screen.findByRole('button', { name: 'Create Tournament' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Tournament' }));
    expect(dialog.getByLabelText('Entry fee ($)')).toHaveValue('0');
    expect(dialog.getByLabelText(/Prize pool/)).toHaveValue('0');
    expect(dialog.getByLabelText('Max participants')).toHaveValue('32');
    await user.clear(dialog.getByLabelText(/Prize pool/));
    await user.click(dialog.getByRole('button', { name: 'Create Tournament' }));
    expect(dialog.getByText('Please enter a tournament name')).toBeInTheDocument();
    expect(dialog.getByText('Please enter a game')).toBeInTheDocument();
    expect(dialog.getByText('Please enter a prize pool')).toBeInTheDocument();
    expect(dialog.getByText('Please choose a start date')).toBeInTheDocument();
    await fill(user, dialog.getByLabelText(/Max participants/), '1');
    await user.click(dialog.getByRole('button', { name: 'Create Tournament' }));
    expect(dialog.getByText('Max participants must be a whole number from 2 to 256')).toBeInTheDocument();
    expect(tournamentsDb()).toHaveLength(5);
  });

  test("creates it ('Tournament created!') and opens its detail view", async () => {
    const { user } = await openTab();
    await user.click(await screen.findByRole('button', { name: 'Create Tournament' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Tournament' }));
    await fill(user, dialog.getByLabelText(/Tournament name/), 'Winter Cup');
    await fill(user, dialog.getByLabelText(/Game/), 'Tetris');
    await fill(user, dialog.getByLabelText(/Prize pool/), '75.5');
    await fill(user, dialog.getByLabelText(/Start date/), local(2 * 86_400_000));
    await user.click(dialog.getByRole('button', { name: 'Create Tournament' }));
    expect(await toast('Tournament created!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Winter Cup' })).toBeInTheDocument();
    const created = byName('Winter Cup');
    expect(created).toMatchObject({ game: 'Tetris', prize_pool: '75.50', entry_fee: '0.00', max_participants: 32 });
    expect(screen.getByTestId('location')).toHaveTextContent(`tournament=${created.id}`);
  });

  test("a refused create says 'Failed to create tournament' and shows the server's field message", async () => {
    server.use(
      http.post('/api/gaming/tournament/create', ({ response }) =>
        response(400).json(errorBody(400, 'VALIDATION_FAILED', 'Name is taken', [{ field: 'name', message: 'Name is taken' }])),
      ),
    );
    const { user } = await openTab();
    await user.click(await screen.findByRole('button', { name: 'Create Tournament' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Tournament' }));
    await fill(user, dialog.getByLabelText(/Tournament name/), 'Winter Cup');
    await fill(user, dialog.getByLabelText(/Game/), 'Tetris');
    await fill(user, dialog.getByLabelText(/Start date/), local(86_400_000));
    await user.click(dialog.getByRole('button', { name: 'Create Tournament' }));
    expect(await toast('Failed to create tournament')).toBeInTheDocument();
    expect(dialog.getByText('Name is taken')).toBeInTheDocument();
  });
});

describe('the detail view and bracket', () => {
  const bracket = () => within(screen.getByRole('region', { name: 'Bracket' }));

  test('?tournament= opens it: participants with seeds, rounds as columns, byes, TBD, a disputed match with both reports', async () => {
    await openTab({ route: `/gaming?tab=tournaments&tournament=${byName('Autumn Chess Blitz').id}` });
    expect(await screen.findByRole('heading', { name: 'Autumn Chess Blitz' })).toBeInTheDocument();
    const participants = within(screen.getByRole('region', { name: 'Participants' }));
    expect(participants.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Seed 1@ada',
      'Seed 2@kai',
      'Seed 3@nova',
      'Seed 4@sam',
      'Seed 5@lee',
      'Seed 6@rin',
    ]);
    const rounds = within(screen.getByRole('region', { name: 'Bracket' }));
    expect(rounds.getByRole('region', { name: 'Quarterfinals' })).toBeInTheDocument();
    expect(rounds.getByRole('region', { name: 'Semifinals' })).toBeInTheDocument();
    expect(rounds.getByRole('region', { name: 'Final' })).toBeInTheDocument();
    // Seeds 1 and 2 play byes and go through.
    const bye = within(rounds.getByRole('article', { name: 'Match 1: @ada vs Bye' }));
    expect(bye.getByLabelText('@ada (winner)')).toHaveAttribute('data-winner', 'true');
    const decided = within(rounds.getByRole('article', { name: 'Match 2: @sam vs @lee' }));
    expect(decided.getByText('Completed')).toBeInTheDocument();
    expect(decided.getByLabelText('@lee (winner)')).toHaveTextContent('2');
    const disputed = within(rounds.getByRole('article', { name: 'Match 4: @nova vs @rin' }));
    expect(disputed.getByText('Disputed')).toBeInTheDocument();
    expect(disputed.getByText('@nova reported @nova won (2–1)')).toBeInTheDocument();
    expect(disputed.getByText('@rin reported @rin won (1–2)')).toBeInTheDocument();
    // Ada is not the organizer: no Report result on a match she does not play.
    expect(disputed.queryByRole('button', { name: 'Report result' })).not.toBeInTheDocument();
    const final = within(rounds.getByRole('region', { name: 'Final' }));
    expect(final.getByRole('article', { name: 'Match 1: TBD vs TBD' })).toBeInTheDocument();
    expect(final.getByText('Waiting')).toBeInTheDocument();
  });

  test('a player reports a result: it is recorded, and the match waits for the other player', async () => {
    const { user } = await openTab({ route: `/gaming?tab=tournaments&tournament=${byName('Autumn Chess Blitz').id}` });
    await screen.findByRole('heading', { name: 'Autumn Chess Blitz' });
    const semi = within(bracket().getByRole('article', { name: 'Match 1: @ada vs @lee' }));
    await user.click(semi.getByRole('button', { name: 'Report result' }));
    const dialog = within(await screen.findByRole('dialog', { name: /Report result/ }));
    await user.click(dialog.getByRole('button', { name: 'Report result' }));
    expect(dialog.getByText('Choose the winner')).toBeInTheDocument();
    await user.click(dialog.getByRole('radio', { name: '@ada' }));
    await fill(user, dialog.getByLabelText('Score of @ada'), '2');
    await fill(user, dialog.getByLabelText('Score of @lee'), '0');
    await user.click(dialog.getByRole('button', { name: 'Report result' }));
    expect(await toast('Result reported')).toBeInTheDocument();
    const match = byName('Autumn Chess Blitz').matches.find((m) => m.round === 2 && m.number === 1);
    expect(match?.reports).toEqual([expect.objectContaining({ winner_id: findUserByIdentifier('ada@example.com')?.user.id, score1: 2, score2: 0 })]);
    expect(match?.winner).toBeNull();
    expect(semi.getByText('Ready')).toBeInTheDocument();
  });

  test('when the other player already named the same winner, the report decides the match', async () => {
    const blitz = byName('Autumn Chess Blitz');
    const match = blitz.matches.find((m) => m.round === 2 && m.number === 1) as MockMatch;
    match.reports.push({ by_user_id: match.player2 as string, winner_id: match.player1 as string, score1: 2, score2: 0 });
    const { user } = await openTab({ route: `/gaming?tab=tournaments&tournament=${blitz.id}` });
    await screen.findByRole('heading', { name: 'Autumn Chess Blitz' });
    const semi = within(bracket().getByRole('article', { name: 'Match 1: @ada vs @lee' }));
    await user.click(semi.getByRole('button', { name: 'Report result' }));
    const dialog = within(await screen.findByRole('dialog', { name: /Report result/ }));
    await user.click(dialog.getByRole('radio', { name: '@ada' }));
    await user.click(dialog.getByRole('button', { name: 'Report result' }));
    await waitFor(() => expect(semi.getByText('Completed')).toBeInTheDocument());
    expect(semi.getByLabelText('@ada (winner)')).toBeInTheDocument();
    expect(within(bracket().getByRole('region', { name: 'Final' })).getByRole('article', { name: 'Match 1: @ada vs TBD' })).toBeInTheDocument();
  });

  test('the organizer decides a disputed match: its winner goes through', async () => {
    const blitz = byName('Autumn Chess Blitz');
    const { user } = await openTab({ who: 'mira', route: `/gaming?tab=tournaments&tournament=${blitz.id}` });
    await screen.findByRole('heading', { name: 'Autumn Chess Blitz' });
    const disputed = within(bracket().getByRole('article', { name: 'Match 4: @nova vs @rin' }));
    await user.click(disputed.getByRole('button', { name: 'Report result' }));
    const dialog = within(await screen.findByRole('dialog', { name: /Report result/ }));
    expect(dialog.getByText('As the organizer, your result decides the match.')).toBeInTheDocument();
    await user.click(dialog.getByRole('radio', { name: '@rin' }));
    await user.click(dialog.getByRole('button', { name: 'Report result' }));
    await waitFor(() => expect(bracket().getByRole('article', { name: 'Match 2: @kai vs @rin' })).toBeInTheDocument());
    expect(disputed.getByText('Completed')).toBeInTheDocument();
    expect(disputed.getByLabelText('@rin (winner)')).toBeInTheDocument();
  });

  test('deciding the final completes the tournament and shows the champion', async () => {
    const blitz = byName('Autumn Chess Blitz');
    const round = (r: number, n: number) => blitz.matches.find((m) => m.round === r && m.number === n) as MockMatch;
    decide(blitz, round(1, 4), round(1, 4).player2 as string, 2, 1);
    decide(blitz, round(2, 1), round(2, 1).player1 as string, 2, 0);
    decide(blitz, round(2, 2), round(2, 2).player1 as string, 2, 1);
    const { user } = await openTab({ who: 'mira', route: `/gaming?tab=tournaments&tournament=${blitz.id}` });
    await screen.findByRole('heading', { name: 'Autumn Chess Blitz' });
    const final = within(within(bracket().getByRole('region', { name: 'Final' })).getByRole('article', { name: 'Match 1: @ada vs @kai' }));
    await user.click(final.getByRole('button', { name: 'Report result' }));
    const dialog = within(await screen.findByRole('dialog', { name: /Report result/ }));
    await user.click(dialog.getByRole('radio', { name: '@ada' }));
    await fill(user, dialog.getByLabelText('Score of @ada'), '3');
    await fill(user, dialog.getByLabelText('Score of @kai'), '1');
    await user.click(dialog.getByRole('button', { name: 'Report result' }));
    const champion = await screen.findByRole('status');
    expect(champion).toHaveTextContent('Champion');
    expect(champion).toHaveTextContent('@ada');
    expect(final.getByLabelText('@ada (winner)')).toHaveTextContent('3');
    expect(screen.queryByRole('button', { name: 'Report result' })).not.toBeInTheDocument();
    expect(blitz).toMatchObject({ status: 'completed', championId: findUserByIdentifier('ada@example.com')?.user.id });
  });

  test('the organizer starts an open tournament: the bracket appears, with byes', async () => {
    const cup = byName('Friday Night Rocket League Cup');
    const { user } = await openTab({ who: 'mira', route: `/gaming?tab=tournaments&tournament=${cup.id}` });
    await screen.findByRole('heading', { name: 'Friday Night Rocket League Cup' });
    expect(screen.queryByRole('region', { name: 'Bracket' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start tournament' }));
    expect(await screen.findByRole('region', { name: 'Bracket' })).toBeInTheDocument();
    // 5 players in a bracket of 8: three byes.
    expect(bracket().getAllByRole('article', { name: /vs Bye/ })).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Cancel tournament' })).not.toBeInTheDocument();
  });

  test('cancelling asks for a reason and shows it', async () => {
    const sprint = byName('Target Rush Sprint');
    const { user } = await openTab({ who: 'mira', route: `/gaming?tab=tournaments&tournament=${sprint.id}` });
    await screen.findByRole('heading', { name: 'Target Rush Sprint' });
    await user.click(screen.getByRole('button', { name: 'Cancel tournament' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel tournament' }));
    await fill(user, dialog.getByLabelText(/Reason/), 'The venue closed');
    await user.click(dialog.getByRole('button', { name: 'Cancel tournament' }));
    expect(await screen.findByText('The venue closed')).toBeInTheDocument();
    expect(sprint).toMatchObject({ status: 'cancelled', cancel_reason: 'The venue closed' });
  });

  test('someone who is not the organizer gets Join but no Start or Cancel', async () => {
    await openTab({ route: `/gaming?tab=tournaments&tournament=${byName('Friday Night Rocket League Cup').id}` });
    await screen.findByRole('heading', { name: 'Friday Night Rocket League Cup' });
    expect(screen.queryByRole('button', { name: 'Start tournament' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join' })).toBeInTheDocument();
  });

  test('an unknown tournament says so', async () => {
    await openTab({ route: '/gaming?tab=tournaments&tournament=nope' });
    expect(await screen.findByText('Tournament not found')).toBeInTheDocument();
  });
});
