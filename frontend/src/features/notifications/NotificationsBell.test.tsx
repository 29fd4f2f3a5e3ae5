import { describe, expect, jest, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from '../../mocks/http';
import { server } from '../../mocks/server';
import { notify as createNotification, emitRealtime, socialDb } from '../../mocks/socialDb';
import { demoUser } from '../../test/accounts';
import { renderApp } from '../../test/renderApp';
import { storeDemoUserToken } from '../../test/session';
import { dropRealtimeConnections, openSocketsOf } from './mocks';

/** Signed in as the demo user, the header shown. */
async function signedIn(route = '/') {
  storeDemoUserToken();
  const app = renderApp({ route });
  const header = within(await screen.findByRole('banner'));
  await header.findByRole('button', { name: /^Notifications/ });
  return { ...app, header };
}

function addNotifications(count: number) {
  const userId = demoUser().user.id;
  for (let n = 1; n <= count; n += 1) {
    createNotification(
      userId,
      { type: 'new_upload', title: `New video ${n}`, message: `mira uploaded "Clip ${n}"`, link: null, dedupeKey: `clip:${n}` },
      new Date(Date.now() + n * 1000).toISOString(),
    );
  }
}

const bell = (header: ReturnType<typeof within>) => header.getByRole('button', { name: /^Notifications/ });

describe('notifications bell (seed 000 §2)', () => {
  test('the badge counts the unread ones; the dropdown lists the first five with title, message and date', async () => {
    addNotifications(6);
    const { user, header } = await signedIn();

    await waitFor(() => expect(bell(header)).toHaveAccessibleName('Notifications (7 unread)'));
    expect(header.getByText('7')).toBeInTheDocument();

    await user.click(bell(header));
    const dropdown = within(await screen.findByRole('dialog', { name: 'Notifications' }));
    const items = dropdown.getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(within(items[0]).getByText('New video 6')).toBeInTheDocument();
    expect(within(items[0]).getByText('mira uploaded "Clip 6"')).toBeInTheDocument();
    expect(within(items[0]).getByText('New')).toBeInTheDocument();
    expect(items[0].querySelector('time')).toHaveAttribute('datetime', expect.stringMatching(/^\d{4}-/));
    expect(within(items[4]).getByText('New video 2')).toBeInTheDocument();
    expect(dropdown.queryByText('New follower')).not.toBeInTheDocument(); // the sixth and seventh wait for the full list
  });

  test('more than nine unread show as 9+', async () => {
    addNotifications(12);
    const { header } = await signedIn();

    await waitFor(() => expect(header.getByText('9+')).toBeInTheDocument());
    expect(bell(header)).toHaveAccessibleName('Notifications (9+ unread)');
  });

  test('with none: no badge, and "No notifications yet"', async () => {
    socialDb.notifications = [];
    const { user, header } = await signedIn();

    await user.click(bell(header));

    const dropdown = within(await screen.findByRole('dialog', { name: 'Notifications' }));
    expect(await dropdown.findByText('No notifications yet')).toBeInTheDocument();
    expect(bell(header)).toHaveAccessibleName('Notifications');
  });

  test('clicking an unread one marks it read: its New badge and the count go', async () => {
    const { user, header } = await signedIn();
    await waitFor(() => expect(bell(header)).toHaveAccessibleName('Notifications (1 unread)'));

    await user.click(bell(header));
    const dropdown = within(await screen.findByRole('dialog', { name: 'Notifications' }));
    await user.click(dropdown.getByRole('button', { name: /mira started following you/ }));

    await waitFor(() => expect(bell(header)).toHaveAccessibleName('Notifications'));
    expect(header.queryByText('1')).not.toBeInTheDocument();
    expect(socialDb.notifications.find((n) => n.message === 'mira started following you')?.read).toBe(true);
    await user.click(bell(header));
    const again = within(await screen.findByRole('dialog', { name: 'Notifications' }));
    const item = again.getByRole('button', { name: /mira started following you/ });
    expect(within(item).queryByText('New')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    // A new follower opens Subscriptions → Connections → Your Followers.
    expect(await screen.findByRole('heading', { name: 'Subscriptions', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Connections' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Your Followers' })).toHaveAttribute('aria-selected', 'true');
  });

  test('a failed mark says "Failed to mark as read" and the notification stays unread', async () => {
    server.use(http.post('/api/notifications/{id}/read', ({ response }) => response.untyped(new Response('', { status: 500 }))));
    const { user, header } = await signedIn();
    await waitFor(() => expect(bell(header)).toHaveAccessibleName('Notifications (1 unread)'));

    await user.click(bell(header));
    const dropdown = within(await screen.findByRole('dialog', { name: 'Notifications' }));
    await user.click(dropdown.getByRole('button', { name: /mira started following you/ }));

    expect(await screen.findByText('Failed to mark as read')).toBeInTheDocument();
    expect(bell(header)).toHaveAccessibleName('Notifications (1 unread)');
  });

  test('a failed load says "Failed to load notifications"', async () => {
    server.use(http.get('/api/notifications', ({ response }) => response.untyped(new Response('', { status: 500 }))));
    const { user, header } = await signedIn();

    expect(await screen.findByText('Failed to load notifications')).toBeInTheDocument(); // the toast
    await user.click(bell(header));
    const dropdown = within(await screen.findByRole('dialog', { name: 'Notifications' }));
    expect(dropdown.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  test('a new notification raises the count live, without reloading', async () => {
    const { user, header } = await signedIn();
    const me = demoUser().user.id;
    await waitFor(() => expect(openSocketsOf(me)).toBe(1));
    await waitFor(() => expect(bell(header)).toHaveAccessibleName('Notifications (1 unread)'));

    createNotification(me, { type: 'new_upload', title: 'New short', message: 'mira uploaded "Docks at dawn"', link: null, dedupeKey: 'live:1' });

    await waitFor(() => expect(bell(header)).toHaveAccessibleName('Notifications (2 unread)'));
    await user.click(bell(header));
    const dropdown = within(await screen.findByRole('dialog', { name: 'Notifications' }));
    expect(within(dropdown.getAllByRole('listitem')[0]).getByText('mira uploaded "Docks at dawn"')).toBeInTheDocument();
  });

  test('when the server serves a new version of the app, the page offers a reload (Later hides it)', async () => {
    const { user } = await signedIn();
    const me = demoUser().user.id;
    await waitFor(() => expect(openSocketsOf(me)).toBe(1));
    expect(screen.queryByRole('status', { name: 'New version' })).not.toBeInTheDocument();

    emitRealtime(me, { type: 'app_updated' });

    const banner = within(await screen.findByRole('status', { name: 'New version' }));
    expect(banner.getByText('A new version of Scriven is available.')).toBeInTheDocument();
    expect(banner.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    await user.click(banner.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('status', { name: 'New version' })).not.toBeInTheDocument();
  });

  test('after the connection drops it comes back, and what was missed meanwhile shows', async () => {
    const { header } = await signedIn();
    const me = demoUser().user.id;
    await waitFor(() => expect(openSocketsOf(me)).toBe(1));

    // The reconnect pause (1 s) passes on a fake clock.
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      dropRealtimeConnections();
      addNotifications(2); // nobody was connected to hear these
      expect(openSocketsOf(me)).toBe(0);

      await waitFor(() => expect(openSocketsOf(me)).toBe(1), { timeout: 3000 });
      await waitFor(() => expect(bell(header)).toHaveAccessibleName('Notifications (3 unread)'));
    } finally {
      jest.useRealTimers();
    }
  });

  test('View all notifications opens the full list in Subscriptions; Mark all as read clears the count', async () => {
    addNotifications(2);
    const { user, header } = await signedIn();
    await waitFor(() => expect(bell(header)).toHaveAccessibleName('Notifications (3 unread)'));

    await user.click(bell(header));
    await user.click(await screen.findByRole('button', { name: 'View all notifications' }));

    expect(await screen.findByRole('heading', { name: 'Subscriptions', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /^Notifications/ })).toHaveAttribute('aria-selected', 'true');
    const list = within(await screen.findByRole('list', { name: 'Notifications' }));
    expect(list.getAllByRole('listitem')).toHaveLength(4); // the three unread and the read partner notice
    expect(list.getAllByText('New')).toHaveLength(3);
    expect(screen.getByText('3 unread')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));

    await waitFor(() => expect(bell(header)).toHaveAccessibleName('Notifications'));
    expect(list.queryByText('New')).not.toBeInTheDocument();
    expect(screen.getByText('All caught up')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  test("moderation's news: a report's outcome shows in full; a strike opens the partner program at the channel's strikes", async () => {
    const me = demoUser().user.id;
    createNotification(me, {
      type: 'report_resolved',
      title: 'Report resolved',
      message: 'Thank you for your report. Outcome: The content was removed.',
      link: { kind: 'report', id: 'report-1' },
      dedupeKey: 'report:report-1',
    });
    createNotification(me, {
      type: 'strike',
      title: 'Community guidelines strike',
      message: 'Your channel received a strike: Spam. It lasts 90 days; you can appeal it until 2030-01-01.',
      link: { kind: 'strikes', id: 'strike-1' },
      dedupeKey: 'strike:strike-1',
    });
    const { user, header } = await signedIn();
    await waitFor(() => expect(bell(header)).toHaveAccessibleName('Notifications (3 unread)'));

    await user.click(bell(header));
    const dropdown = within(await screen.findByRole('dialog', { name: 'Notifications' }));
    expect(dropdown.getByText('Thank you for your report. Outcome: The content was removed.')).toBeInTheDocument();
    await user.click(dropdown.getByRole('button', { name: /Community guidelines strike/ }));

    expect(await screen.findByRole('heading', { name: 'Partner program', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Community Guidelines strikes' })).toBeInTheDocument();
  });

  test("a tournament's news opens the tournament in Gaming", async () => {
    const me = demoUser().user.id;
    createNotification(me, {
      type: 'tournament',
      title: 'Tournament started',
      message: 'Autumn Chess Blitz has started: the bracket is out.',
      link: { kind: 'tournament', id: 'tour-progress' },
      dedupeKey: 'tournament:tour-progress:started',
    });
    const { user, header } = await signedIn();
    await waitFor(() => expect(bell(header)).toHaveAccessibleName('Notifications (2 unread)'));
    await user.click(bell(header));
    const dropdown = within(await screen.findByRole('dialog', { name: 'Notifications' }));
    await user.click(dropdown.getByRole('button', { name: /Tournament started/ }));
    expect(await screen.findByRole('tab', { name: 'Tournaments', selected: true })).toBeInTheDocument();
  });

  test('signing out closes the socket', async () => {
    const { user, header } = await signedIn();
    const me = demoUser().user.id;
    await waitFor(() => expect(openSocketsOf(me)).toBe(1));

    await user.click(header.getByRole('button', { name: 'Settings menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    await waitFor(() => expect(openSocketsOf(me)).toBe(0));
  });
});
