import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import { findUserByIdentifier, DEMO_CREDENTIALS } from '../../mocks/db';
import { gamesDb } from '../../mocks/gamesDb';
import { errorBody, http } from '../../mocks/http';
import { server } from '../../mocks/server';
import { renderApp, renderSection } from '../../test/renderApp';
import { storeDemoUserToken } from '../../test/session';
import { reactionPoints, targetPoints } from './games/scoring';
import { GameRun } from './games/GameRun';

const useFakeTimers = () => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  jest.useRealTimers();
});

const adaId = () => findUserByIdentifier(DEMO_CREDENTIALS.user.email)!.user.id;

/** Signed in as ada, on a game's detail (opened from its card in the Games tab). */
async function openGame(name: string) {
  storeDemoUserToken();
  const app = await renderSection('gaming', { tab: 'games' });
  await app.user.click(await screen.findByRole('button', { name: `Open ${name}` }));
  await screen.findByRole('button', { name: 'Start Game' });
  return app;
}

describe('scoring', () => {
  test('target: 10 within 0.4 s, one less per further 0.15 s, at least 1; reflex: max(1, 10 − floor(ms/50))', () => {
    expect([0, 400, 549, 550, 700, 5000].map(targetPoints)).toEqual([10, 10, 10, 9, 8, 1]);
    expect([0, 49, 50, 120, 449, 10_000].map(reactionPoints)).toEqual([10, 10, 9, 8, 2, 1]);
  });
});

describe('pacing: a run never scores more than the game allows per second', () => {
  test.each([
    ['target', 25, 750],
    ['reaction', 10, 300],
  ] as const)('%s: the fastest possible player scores at most %i × 30 = %i', (engine, perSecond, limit) => {
    useFakeTimers();
    let final = -1;
    const run = new GameRun({ engine, durationSeconds: 30, maxPointsPerSecond: perSecond, onOver: (score) => (final = score), random: () => 0 });
    // Every 5 ms (10 points for a hit that quick): hit whatever can be hit.
    for (let ms = 0; ms < 31_000 && run.state === 'playing'; ms += 5) {
      if (engine === 'target' && run.target) run.hitTarget();
      if (engine === 'reaction' && run.pad === 'green') run.pressPad();
      // Elapsed whole seconds × the limit: never above, at any moment.
      expect(run.score).toBeLessThanOrEqual(Math.ceil((ms / 1000) * perSecond) + 10);
      jest.advanceTimersByTime(5);
    }
    expect(run.state).toBe('over');
    expect(final).toBe(run.score);
    expect(final).toBeLessThanOrEqual(limit);
    expect(final).toBeGreaterThan(limit * 0.9);
    run.dispose();
  });
});

describe('the 30 s are the end', () => {
  test('a click after the time is up scores nothing and ends the run, even before the countdown ticks (a slowed background tab)', () => {
    useFakeTimers();
    let final = -1;
    const run = new GameRun({ engine: 'target', durationSeconds: 30, maxPointsPerSecond: 25, onOver: (score) => (final = score), random: () => 0.5 });
    jest.advanceTimersByTime(400);
    run.hitTarget();
    expect(run.score).toBe(10);
    jest.advanceTimersByTime(29_000);
    expect(run.target).not.toBeNull();
    // The clock passes the end while the timers are held back (the browser throttles them in a hidden tab).
    jest.setSystemTime(Date.now() + 1_000);
    run.hitTarget();
    expect(run.score).toBe(10);
    expect(run.state).toBe('over');
    expect(final).toBe(10);

    const pad = new GameRun({ engine: 'reaction', durationSeconds: 30, maxPointsPerSecond: 10, random: () => 0 });
    jest.advanceTimersByTime(29_500);
    expect(pad.pad).toBe('green');
    jest.setSystemTime(Date.now() + 1_000);
    pad.pressPad();
    expect(pad.state).toBe('over');
    expect(pad.hits).toBe(0);
    run.dispose();
    pad.dispose();
  });
});

describe('Games tab', () => {
  test('the grid shows each game with its thumbnail, category, players, rating or "No ratings yet", and plays', async () => {
    storeDemoUserToken();
    await renderSection('gaming', { tab: 'games' });

    const grid = within(await screen.findByRole('region', { name: 'Games' }));
    const names = grid.getAllByRole('article').map((card) => card.getAttribute('aria-label'));
    // The most played first: mira played Target Rush and Reflex once each.
    expect(names).toEqual(['Reflex', 'Target Rush', 'Pixel Sniper']);
    const rush = within(grid.getByRole('article', { name: 'Target Rush' }));
    expect(rush.getByText('Arcade')).toBeInTheDocument();
    expect(rush.getByText('5.0 (1 rating)')).toBeInTheDocument();
    expect(rush.getByText('1 player')).toBeInTheDocument();
    expect(rush.getByText('1 play')).toBeInTheDocument();
    const sniper = within(grid.getByRole('article', { name: 'Pixel Sniper' }));
    expect(sniper.getByText('No ratings yet')).toBeInTheDocument();
    expect(sniper.getByText('0 plays')).toBeInTheDocument();
    expect(document.querySelector('img[src="/games/pixel-sniper.svg"]')).not.toBeNull();
    expect(screen.getByText(/30 seconds each/)).toBeInTheDocument();
  });

  test("the games' length is the API's, not a number of the page's own", async () => {
    for (const game of gamesDb.games) game.duration_seconds = 45;
    storeDemoUserToken();
    await renderSection('gaming', { tab: 'games' });
    await screen.findByRole('region', { name: 'Games' });
    expect(screen.getByText(/45 seconds each/)).toBeInTheDocument();
    expect(screen.queryByText(/30 seconds/)).not.toBeInTheDocument();
  });

  test('Start Game plays Target Rush: targets score by speed, a miss scores 0, after 30 s the final score is saved with ranks', async () => {
    useFakeTimers();
    const { user, store } = await openGame('Target Rush');
    expect(screen.getByLabelText('Your best')).toHaveTextContent('Not played yet');

    await user.click(screen.getByRole('button', { name: 'Start Game' }));
    expect(await screen.findByText('Game session started!')).toBeInTheDocument();
    expect(screen.getByText('Score: 0')).toBeInTheDocument();
    expect(screen.getByText('Time left: 30s')).toBeInTheDocument();

    // A target appears 0.4 s in; hit at once: 10 points.
    advance(400);
    await user.click(screen.getByRole('button', { name: 'Target' }));
    expect(screen.getByText('Score: 10')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Target' })).not.toBeInTheDocument();

    // The next one, hit 0.7 s after it appears: 8 points.
    advance(400);
    advance(700);
    await user.click(screen.getByRole('button', { name: 'Target' }));
    expect(screen.getByText('Score: 18')).toBeInTheDocument();

    // A click beside the target: nothing.
    await user.click(screen.getByRole('group', { name: 'Play area' }));
    expect(screen.getByText('Miss')).toBeInTheDocument();
    expect(screen.getByText('Score: 18')).toBeInTheDocument();

    advance(10_000);
    expect(screen.getByText('Time left: 19s')).toBeInTheDocument();
    advance(20_000);

    expect(await screen.findByRole('heading', { name: 'Game over!' })).toBeInTheDocument();
    expect(screen.getByText('Your final score: 18')).toBeInTheDocument();
    expect(await screen.findByText('New personal best!')).toBeInTheDocument();
    const ranks = within(screen.getByRole('group', { name: 'Your ranks' }));
    // mira has 212 all time (90 minutes ago may be yesterday), so ada is second all time.
    expect(ranks.getByText('All time').nextElementSibling).toHaveTextContent('#2');
    expect(gamesDb.scores.find((s) => s.userId === adaId())?.score).toBe(18);
    // The detail follows: your best, and the game's high scores list ada.
    await waitFor(() => expect(screen.getByLabelText('Your best')).toHaveTextContent('18'));
    const board = within(screen.getByRole('region', { name: 'High scores' }));
    await waitFor(() => expect(board.getByText('ada (you)')).toBeInTheDocument());
    expect(store.gaming.games.run?.state).toBe('over');
  });

  test("the server's refusal of a score is shown", async () => {
    useFakeTimers();
    server.use(
      http.post('/api/gaming/game/{id}/score', ({ response }) =>
        response(400).json(errorBody(400, 'GAMING.IMPLAUSIBLE_SCORE', 'Score is not plausible: at most 750 points in 30 seconds')),
      ),
    );
    const { user } = await openGame('Target Rush');
    await user.click(screen.getByRole('button', { name: 'Start Game' }));
    await screen.findByText('Score: 0');
    advance(30_000);

    expect(await screen.findByRole('heading', { name: 'Game over!' })).toBeInTheDocument();
    const alert = (await screen.findByText('Score not saved')).closest('[role="alert"]');
    expect(alert).toHaveTextContent('Score is not plausible: at most 750 points in 30 seconds');
    expect(screen.queryByText('New personal best!')).not.toBeInTheDocument();
  });

  test("a refused start says 'Failed to start game' and the game stays idle", async () => {
    server.use(http.post('/api/gaming/game/{id}/play', ({ response }) => response(429).json(errorBody(429, 'RATE_LIMITED', 'Too many requests'))));
    const { user } = await openGame('Target Rush');
    await user.click(screen.getByRole('button', { name: 'Start Game' }));
    expect(await screen.findByText('Failed to start game')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Game' })).toBeInTheDocument();
    expect(screen.queryByText(/^Score:/)).not.toBeInTheDocument();
  });

  test('Reflex: the pad turns green after the wait; a click then scores by reaction time, a click before scores 0', async () => {
    useFakeTimers();
    jest.spyOn(Math, 'random').mockReturnValue(0.5);
    const { user } = await openGame('Reflex');
    await user.click(screen.getByRole('button', { name: 'Start Game' }));

    await user.click(await screen.findByRole('button', { name: 'Wait for green…' }));
    expect(screen.getByRole('button', { name: 'Too early! Wait for green…' })).toBeInTheDocument();
    expect(screen.getByText('Score: 0')).toBeInTheDocument();

    // 1 + 0.5 × 2 = 2 s later it is green; clicked 120 ms after: 8 points.
    advance(2000);
    expect(screen.getByRole('button', { name: 'Click!' })).toBeInTheDocument();
    advance(120);
    await user.click(screen.getByRole('button', { name: 'Click!' }));
    expect(screen.getByText('Score: 8')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Wait for green…' })).toBeInTheDocument();

    advance(30_000);
    expect(await screen.findByText('Your final score: 8')).toBeInTheDocument();
  });

  test('high scores: Today / This week / All time, and your rank even outside the top 10', async () => {
    const now = Date.now();
    for (let n = 0; n < 11; n += 1) {
      gamesDb.scores.push({ gameId: 'game-pixel-sniper', userId: `other-${n}`, score: 300 + n, achieved_at: new Date(now - 8 * 86_400_000).toISOString() });
    }
    gamesDb.scores.push({ gameId: 'game-pixel-sniper', userId: adaId(), score: 120, achieved_at: new Date(now - 60_000).toISOString() });
    const { user } = await openGame('Pixel Sniper');

    const board = within(screen.getByRole('region', { name: 'High scores' }));
    await waitFor(() => expect(board.getAllByRole('row')).toHaveLength(11));
    expect(board.getAllByRole('row')[1]).toHaveTextContent('#1someone310');
    expect(board.queryByText('ada (you)')).not.toBeInTheDocument();
    expect(board.getByText('Your rank: #12 with 120')).toBeInTheDocument();

    // This week: the others scored 8 days ago.
    await user.click(board.getByText('This week'));
    await waitFor(() => expect(board.getAllByRole('row')).toHaveLength(2));
    expect(board.getByText('ada (you)')).toBeInTheDocument();
    expect(board.queryByText(/Your rank/)).not.toBeInTheDocument();
  });

  test('rating is enabled after playing: a visitor or a player who has not played cannot rate; a player can', async () => {
    const { user } = await openGame('Pixel Sniper');
    expect(screen.getByText('Play the game to rate it.')).toBeInTheDocument();
    expect(screen.getByLabelText('Rating')).toHaveTextContent('No ratings yet');
    const stars = () => document.querySelectorAll('.mantine-Rating-root input[type="radio"]');
    expect(stars()).toHaveLength(0);

    gamesDb.sessions.push({ id: 'played', gameId: 'game-pixel-sniper', userId: adaId(), started_at: new Date().toISOString(), ends_at: new Date().toISOString(), scored: true });
    gamesDb.scores.push({ gameId: 'game-pixel-sniper', userId: adaId(), score: 40, achieved_at: new Date().toISOString() });
    await user.click(screen.getByRole('button', { name: 'All games' }));
    await user.click(await screen.findByRole('button', { name: 'Open Pixel Sniper' }));
    await waitFor(() => expect(screen.getByLabelText('Your best')).toHaveTextContent('40'));
    expect(screen.queryByText('Play the game to rate it.')).not.toBeInTheDocument();

    const four = [...stars()].find((radio) => radio.getAttribute('value') === '4');
    // The star's label is what a pointer clicks (the radio itself is hidden).
    await user.click(document.querySelector(`label[for="${four!.id}"]`)!);
    await waitFor(() => expect(screen.getByLabelText('Rating')).toHaveTextContent('4.0 (1 rating)'));
    expect(gamesDb.ratings.find((r) => r.gameId === 'game-pixel-sniper' && r.userId === adaId())?.rating).toBe(4);
  });

  test('a visitor sees the games; Start Game asks them to sign in', async () => {
    const { user } = renderApp({ route: '/gaming?tab=games&game=game-reflex' });
    await user.click(await screen.findByRole('button', { name: 'Start Game' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/signin?next=');
    expect(gamesDb.sessions.filter((s) => s.gameId === 'game-reflex')).toHaveLength(1);
  });
});

describe('Games: keyboard play and leaving a game', () => {
  test('Target Rush with the keyboard: Enter on Start Game, the play area takes the focus, Space hits; Play again has the focus at the end', async () => {
    useFakeTimers();
    const { user } = await openGame('Target Rush');
    screen.getByRole('button', { name: 'Start Game' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByText('Score: 0');
    const area = screen.getByRole('group', { name: 'Play area' });
    expect(area).toHaveFocus();

    // No target yet: Space is a miss.
    await user.keyboard(' ');
    expect(screen.getByText('Miss')).toBeInTheDocument();
    // The target appears 0.4 s in; Space at once: 10 points.
    advance(400);
    await user.keyboard(' ');
    expect(screen.getByText('Score: 10')).toBeInTheDocument();
    // A held key does not repeat hits.
    advance(400);
    await user.keyboard('[Space>3/]');
    expect(screen.getByText('Score: 20')).toBeInTheDocument();
    // A pointer hit keeps the focus on the play area, so the keyboard still plays.
    advance(400);
    await user.click(screen.getByRole('button', { name: 'Target' }));
    expect(screen.getByText('Score: 30')).toBeInTheDocument();
    expect(area).toHaveFocus();

    advance(30_000);
    expect(await screen.findByText('Your final score: 30')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Play again' })).toHaveFocus());
  });

  test('Reflex with the keyboard: the pad takes the focus once the game starts; Enter on green scores', async () => {
    useFakeTimers();
    jest.spyOn(Math, 'random').mockReturnValue(0.5);
    const { user } = await openGame('Reflex');
    screen.getByRole('button', { name: 'Start Game' }).focus();
    await user.keyboard('{Enter}');
    const pad = await screen.findByRole('button', { name: 'Wait for green…' });
    expect(pad).toHaveFocus();
    advance(2000);
    await user.keyboard('{Enter}');
    expect(screen.getByText('Score: 10')).toBeInTheDocument();
  });

  test('leaving the Games tab while Start Game waits for the server starts no run: no timers, no score sent 30 s later', async () => {
    useFakeTimers();
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post('/api/gaming/game/{id}/play', async ({ response }) => {
        await answered;
        const now = Date.now();
        return response(201).json({
          session_id: 'late-session',
          game_id: 'game-target-rush',
          started_at: new Date(now).toISOString(),
          ends_at: new Date(now + 30_000).toISOString(),
          duration_seconds: 30,
          max_points_per_second: 25,
        });
      }),
    );
    const scores: unknown[] = [];
    server.use(
      http.post('/api/gaming/game/{id}/score', async ({ request, response }) => {
        scores.push(await request.json());
        return response(400).json(errorBody(400, 'GAMING.SESSION_NOT_FOUND', 'Game session not found'));
      }),
    );
    const { user, store } = await openGame('Target Rush');
    await user.click(screen.getByRole('button', { name: 'Start Game' }));
    await user.click(screen.getByRole('tab', { name: 'Tournaments' }));
    expect(screen.queryByRole('button', { name: 'Start Game' })).not.toBeInTheDocument();

    answer();
    await waitFor(() => expect(store.gaming.games.startPending).toBe(false));
    expect(store.gaming.games.run).toBeNull();
    advance(31_000);
    await act(async () => {});
    expect(scores).toEqual([]);
    expect(screen.queryByText('Game session started!')).not.toBeInTheDocument();
  });
});
