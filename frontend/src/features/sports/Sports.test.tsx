import { afterEach, describe, expect, jest, test } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import { renderApp } from '../../test/renderApp';
import { storeDemoUserToken } from '../../test/session';
import { SPORTS_VIEWER_DRIFT_MS } from './messages';
import { SportsStore } from './SportsStore';

const useFakeTimers = () => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

/** The Sports section as a visitor (or signed in) opens it at `route`. */
function openSports(route = '/sports', { signedIn = false } = {}) {
  if (signedIn) storeDemoUserToken();
  return renderApp({ route });
}

const notice = (panel: HTMLElement) => within(panel).getByRole('note', { name: 'Sample data' });

describe('Sports section (sample data)', () => {
  test('the four tabs of seed 002 §2.12, each labelled as sample data; the tab is in the URL', async () => {
    const { user } = openSports();
    expect(await screen.findByRole('heading', { name: 'Sports', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Live Streams', 'Schedule', 'Highlights', 'Statistics']);
    expect(screen.getByRole('tab', { name: 'Live Streams', selected: true })).toBeInTheDocument();

    let panel = screen.getByRole('tabpanel');
    expect(notice(panel)).toHaveTextContent('None of it is real');
    const arsenal = within(within(panel).getByRole('article', { name: 'Arsenal vs Chelsea' }));
    expect(arsenal.getByText('Live')).toBeInTheDocument();
    expect(arsenal.getByText('Premier League')).toBeInTheDocument();
    expect(arsenal.getByText('Emirates Stadium, London')).toBeInTheDocument();
    expect(arsenal.getByLabelText('Arsenal score 2')).toBeInTheDocument();
    expect(arsenal.getByText('48,213 watching')).toBeInTheDocument();
    // A live card has no control that would pretend to play a stream.
    expect(arsenal.queryByRole('button')).not.toBeInTheDocument();
    expect(arsenal.queryByRole('link')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Schedule' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/sports?sport=football&tab=schedule');
    panel = screen.getByRole('tabpanel');
    expect(notice(panel)).toBeInTheDocument();
    const scheduled = within(panel).getAllByRole('article').map((a) => a.getAttribute('aria-label'));
    expect(scheduled).toEqual(['Borussia Dortmund vs RB Leipzig', 'Inter vs Napoli']);
    expect(within(panel).queryByRole('article', { name: 'Arsenal vs Chelsea' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Highlights' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/sports?sport=football&tab=highlights');
    panel = screen.getByRole('tabpanel');
    expect(notice(panel)).toBeInTheDocument();
    const highlight = within(within(panel).getByRole('article', { name: 'Late winner seals the derby' }));
    expect(highlight.getByText('Sample highlight')).toBeInTheDocument();
    expect(highlight.getByLabelText('Duration 5:12')).toBeInTheDocument();
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Statistics' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/sports?sport=football&tab=statistics');
    panel = screen.getByRole('tabpanel');
    expect(notice(panel)).toBeInTheDocument();
    const table = within(within(panel).getByRole('table', { name: 'Premier League table' }));
    expect(table.getAllByRole('row')[1]).toHaveTextContent('Arsenal');
    expect(within(panel).getByText('Top scorer')).toBeInTheDocument();
  });

  test('the sport selector switches every tab to that sport; a sport with nothing live says so', async () => {
    const { user } = openSports('/sports', { signedIn: true });
    const sport = within(await screen.findByRole('radiogroup', { name: 'Sport' }));
    expect(sport.getAllByRole('radio')).toHaveLength(8);
    for (const name of ['Football', 'Rugby', 'Basketball', 'Tennis', 'Cricket', 'Baseball', 'Boxing', 'MMA']) {
      expect(sport.getByRole('radio', { name })).toBeInTheDocument();
    }
    expect(sport.getByRole('radio', { name: 'Football' })).toBeChecked();

    await user.click(sport.getByRole('radio', { name: 'Tennis' }));
    expect(sport.getByRole('radio', { name: 'Tennis' })).toBeChecked();
    expect(screen.getByTestId('location')).toHaveTextContent('/sports?sport=tennis&tab=live');
    let panel = within(screen.getByRole('tabpanel'));
    expect(panel.getByRole('article', { name: 'Marco Ferreira vs Lukas Brandt' })).toBeInTheDocument();
    expect(panel.queryByRole('article', { name: 'Arsenal vs Chelsea' })).not.toBeInTheDocument();

    await user.click(sport.getByRole('radio', { name: 'Boxing' }));
    panel = within(screen.getByRole('tabpanel'));
    expect(panel.getByRole('status')).toHaveTextContent('No live boxing right now');
    expect(panel.queryByRole('article')).not.toBeInTheDocument();
    // Still labelled as sample data when empty.
    expect(panel.getByRole('note', { name: 'Sample data' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Schedule' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/sports?sport=boxing&tab=schedule');
    panel = within(screen.getByRole('tabpanel'));
    expect(panel.getByRole('article', { name: 'Daniel Okafor vs Viktor Halloran' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Statistics' }));
    expect(within(screen.getByRole('tabpanel')).getByRole('table', { name: 'Heavyweight rankings (sample)' })).toBeInTheDocument();
  });

  test('a shared link opens on its sport and tab', async () => {
    openSports('/sports?sport=cricket&tab=highlights');
    expect(await screen.findByRole('tab', { name: 'Highlights', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Cricket' })).toBeChecked();
    expect(within(screen.getByRole('tabpanel')).getByRole('article', { name: 'A hundred off 48 balls' })).toBeInTheDocument();
  });

  test('live viewer counts drift every 5 seconds; upcoming matches do not change', async () => {
    useFakeTimers();
    jest.spyOn(Math, 'random').mockReturnValue(0.9);
    const { store } = openSports('/sports');
    const card = within(await screen.findByRole('article', { name: 'Arsenal vs Chelsea' }));
    expect(card.getByText('48,213 watching')).toBeInTheDocument();
    const upcomingBefore = store.sports.matches.filter((m) => m.status === 'upcoming').map((m) => m.viewers);

    act(() => {
      jest.advanceTimersByTime(SPORTS_VIEWER_DRIFT_MS - 1);
    });
    expect(card.getByText('48,213 watching')).toBeInTheDocument();

    act(() => {
      jest.advanceTimersByTime(1);
    });
    // 0.9 draws an increase of 0.8 × 3 %: 48,213 + 1,157.
    expect(card.getByText('49,370 watching')).toBeInTheDocument();
    expect(store.sports.matches.filter((m) => m.status === 'upcoming').map((m) => m.viewers)).toEqual(upcomingBefore);

    act(() => {
      jest.advanceTimersByTime(SPORTS_VIEWER_DRIFT_MS);
    });
    expect(card.queryByText('49,370 watching')).not.toBeInTheDocument();
  });

  test('the drift stops when the section is left and starts again when it is shown', async () => {
    useFakeTimers();
    const { store, user } = openSports('/sports');
    const nav = within(await screen.findByRole('navigation', { name: 'Sections' }));
    expect(store.sports.drifting).toBe(true);
    const arsenal = () => store.sports.matches.find((m) => m.id === 'fb-1')!.viewers;

    await user.click(nav.getByRole('button', { name: 'Home' }));
    expect(screen.queryByRole('heading', { name: 'Sports', level: 1 })).not.toBeInTheDocument();
    expect(store.sports.drifting).toBe(false);
    const left = arsenal();
    act(() => {
      jest.advanceTimersByTime(SPORTS_VIEWER_DRIFT_MS * 3);
    });
    expect(arsenal()).toBe(left);

    // Leaving /sports for / draws the shell again: its navigation is a new one.
    await user.click(within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('button', { name: 'Sports' }));
    expect(await screen.findByRole('heading', { name: 'Sports', level: 1 })).toBeInTheDocument();
    expect(store.sports.drifting).toBe(true);
    act(() => {
      jest.advanceTimersByTime(SPORTS_VIEWER_DRIFT_MS);
    });
    expect(arsenal()).not.toBe(left);
  });

  test('visitors see Sports in the Explore group and it opens the section', async () => {
    const { user } = openSports('/');
    const nav = within(await screen.findByRole('navigation', { name: 'Sections' }));
    const explore = within(nav.getByRole('group', { name: 'Explore' }));
    expect(explore.getByRole('button', { name: 'Sports' })).toBeInTheDocument();
    await user.click(explore.getByRole('button', { name: 'Sports' }));
    expect(await screen.findByRole('heading', { name: 'Sports', level: 1 })).toBeInTheDocument();
    expect(explore.getByRole('button', { name: 'Sports' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('note', { name: 'Sample data' })).toBeInTheDocument();
  });
});

describe('SportsStore', () => {
  test('a drift step moves every live match (down too) and never an upcoming one; starting or stopping twice is harmless', () => {
    const store = new SportsStore({ now: () => Date.parse('2026-03-01T12:00:00Z'), random: () => 0.1 });
    const before = new Map(store.matches.map((m) => [m.id, m.viewers]));
    store.drift();
    for (const match of store.matches) {
      if (match.status === 'live') expect(match.viewers).toBeLessThan(before.get(match.id)!);
      else expect(match.viewers).toBe(before.get(match.id));
    }
    store.startDrift();
    store.startDrift();
    expect(store.drifting).toBe(true);
    store.stopDrift();
    store.stopDrift();
    expect(store.drifting).toBe(false);
  });

  test('every sport has sample matches, and the schedule is never in the past', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    const store = new SportsStore({ now: () => now });
    for (const sport of ['football', 'rugby', 'basketball', 'tennis', 'cricket', 'baseball', 'boxing', 'mma'] as const) {
      store.selectSport(sport);
      expect(store.upcoming.length).toBeGreaterThan(0);
      for (const match of store.upcoming) expect(Date.parse(match.startTime)).toBeGreaterThan(now);
      expect(store.statistics?.rows.length).toBeGreaterThan(0);
    }
  });
});
