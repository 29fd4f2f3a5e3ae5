import { describe, expect, test } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../../app/AppProviders';
import { RootStore } from '../../stores/RootStore';
import { findUserByIdentifier } from '../../mocks/db';
import { http } from '../../mocks/http';
import { mediaDb } from '../../mocks/mediaDb';
import { server } from '../../mocks/server';
import { socialDb } from '../../mocks/socialDb';
import { demoUser } from '../../test/accounts';
import { fakeSockets } from '../../test/fakeSocket';
import { renderApp } from '../../test/renderApp';
import { storeDemoUserToken } from '../../test/session';
import { FollowButton } from './components/FollowButton';

const mira = () => {
  const entry = findUserByIdentifier('mira');
  if (!entry) throw new Error('The mock data has no mira');
  return entry.user;
};

const adaFollowsMira = () =>
  socialDb.follows.push({ followerId: demoUser().user.id, followeeId: mira().id, created_at: new Date().toISOString() });

/** Signed in, in Subscriptions (opened from the side navigation). */
async function openSubscriptions() {
  storeDemoUserToken();
  const app = renderApp({ section: 'social' });
  await screen.findByRole('heading', { name: 'Subscriptions', level: 1 });
  return app;
}

const tabs = () => within(screen.getByRole('tablist', { name: 'Subscriptions' }));

/** Holds the follow call until `release()`. */
function holdFollow() {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.post('/api/users/{id}/follow', async () => {
      await gate;
      return undefined;
    }),
  );
  return () => release();
}

describe('Subscriptions (seed 002 §2.11)', () => {
  test('four tabs; Following starts empty and says so, with a way to Discover', async () => {
    const { user } = await openSubscriptions();

    expect(tabs().getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Following', 'Discover', 'Connections', 'Notifications1']);
    expect(tabs().getByRole('tab', { name: 'Following' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Follow creators to see their uploads here')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Discover creators' }));
    expect(tabs().getByRole('tab', { name: 'Discover' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('article', { name: 'mira' })).toBeInTheDocument();
  });

  test('Discover: the user card, and Follow reads Loading... then Unfollow, with the toast and the new count', async () => {
    mira().is_premium = true;
    const { user } = await openSubscriptions();
    await user.click(tabs().getByRole('tab', { name: 'Discover' }));

    const card = within(await screen.findByRole('article', { name: 'mira' }));
    expect(card.getByText('Mira Chen')).toBeInTheDocument();
    expect(card.getByText('Premium')).toBeInTheDocument();
    expect(card.getByText('Creator')).toBeInTheDocument();
    expect(card.getByText('0 followers')).toBeInTheDocument();
    expect(card.getByText('1 following')).toBeInTheDocument(); // mira follows ada
    expect(card.getByText('4 uploads')).toBeInTheDocument(); // two videos and two shorts
    expect(screen.queryByRole('article', { name: 'ada' })).not.toBeInTheDocument(); // not yourself

    const release = holdFollow();
    await user.click(card.getByRole('button', { name: 'Follow mira' }));
    const pending = card.getByRole('button', { name: 'Loading...' });
    expect(pending).toBeDisabled();
    release();

    expect(await screen.findByText('You are now following mira')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Unfollow mira' })).toBeEnabled();
    expect(card.getByText('1 follower')).toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'Unfollow mira' }));
    expect(await screen.findByText('You unfollowed mira')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Follow mira' })).toBeInTheDocument();
    expect(card.getByText('0 followers')).toBeInTheDocument();
  });

  test('Discover sorts by Popular, Newest or Creators; a failure says "Failed to load users" and offers Try again', async () => {
    const { user } = await openSubscriptions();
    await user.click(tabs().getByRole('tab', { name: 'Discover' }));
    await screen.findByRole('article', { name: 'mira' });

    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => asked.push(new URL(request.url).searchParams.get('sort_by') ?? ''));
    await user.click(screen.getByRole('radio', { name: 'Newest' }));
    await waitFor(() => expect(asked).toContain('newest'));

    server.use(http.get('/api/users/discover', ({ response }) => response.untyped(new Response('', { status: 500 }))));
    await user.click(screen.getByRole('radio', { name: 'Creators' }));
    await waitFor(() => expect(screen.getAllByText('Failed to load users')).toHaveLength(2)); // the toast and the list
    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'mira' })).toBeInTheDocument();
    server.events.removeAllListeners();
  });

  test('Following: uploads of followed creators with views, likes and when; a short opens the viewer, a video its dialog', async () => {
    adaFollowsMira();
    const { user } = await openSubscriptions();

    const feed = within(await screen.findByRole('list', { name: 'Uploads from people you follow' }));
    const titles = feed.getAllByRole('article').map((item) => item.getAttribute('aria-label'));
    expect(titles).toEqual(['Latte art, slowly', 'Harbour in 15 seconds', 'City lights timelapse', 'Sunrise over the harbour']);
    const sunrise = within(feed.getByRole('article', { name: 'Sunrise over the harbour' }));
    expect(sunrise.getByText('mira')).toBeInTheDocument();
    expect(sunrise.getByText('1.2K views')).toBeInTheDocument();
    expect(sunrise.getByText('87 likes')).toBeInTheDocument();
    expect(sunrise.getByText('yesterday')).toBeInTheDocument(); // 30 hours ago
    expect(within(feed.getByRole('article', { name: 'Latte art, slowly' })).getByText('Short')).toBeInTheDocument();

    await user.click(sunrise.getByRole('button', { name: 'Open Sunrise over the harbour' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Sunrise over the harbour' }));
    expect(dialog.getByLabelText('Sunrise over the harbour', { selector: 'video' })).toBeInTheDocument();
    expect(dialog.getByText('Fishing boats heading out at first light.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sunrise over the harbour' })).not.toBeInTheDocument());

    await user.click(feed.getByRole('button', { name: 'Open Harbour in 15 seconds' }));
    const id = mediaDb.reels.find((reel) => reel.title === 'Harbour in 15 seconds')?.id;
    expect(screen.getByTestId('location')).toHaveTextContent(`/reels/${id}`);
    expect(await screen.findByRole('dialog', { name: 'Reels viewer' })).toBeInTheDocument();
  });

  test('Following: the kinds, an empty kind says what is missing, and Load more brings the next page', async () => {
    adaFollowsMira();
    const template = mediaDb.videos.find((video) => video.title === 'Sunrise over the harbour');
    if (!template) throw new Error('no demo video');
    for (let n = 1; n <= 20; n += 1) {
      mediaDb.videos.push({ ...template, id: `diary-${n}`, title: `Diary ${n}`, created_at: new Date(Date.now() - n * 60_000).toISOString() });
    }
    const { user } = await openSubscriptions();

    const feed = within(await screen.findByRole('list', { name: 'Uploads from people you follow' }));
    expect(feed.getAllByRole('article')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(feed.getAllByRole('article')).toHaveLength(24));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Music' }));
    expect(await screen.findByText('No music from the creators you follow yet')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Podcasts' }));
    expect(await screen.findByText('No podcasts from the creators you follow yet')).toBeInTheDocument();
  });

  test('Following, Music: a track shows its plays and plays in place instead of opening a video', async () => {
    adaFollowsMira();
    const track = {
      id: 'track-1',
      kind: 'track',
      content_type: 'music' as const,
      title: 'Night Bus Home',
      description: 'A slow pulse.',
      creator_name: 'Mira Music',
      username: 'mira',
      user_id: 'u-mira',
      thumbnail_url: null,
      duration_seconds: 40,
      is_vertical: false,
      views: 1,
      likes: 2,
      timestamp: new Date(Date.now() - 60_000).toISOString(),
    };
    server.use(http.get('/api/feed/following', ({ response }) => response(200).json({ content: [track], next_cursor: null })));
    const { user } = await openSubscriptions();

    await user.click(await screen.findByRole('radio', { name: 'Music' }));
    const card = within(await screen.findByRole('article', { name: 'Night Bus Home' }));
    expect(card.getByText('1 play')).toBeInTheDocument();
    expect(card.getByLabelText('Play Night Bus Home').getAttribute('src')).toBe('/api/music/tracks/track-1/stream');
    expect(card.queryByRole('button', { name: 'Open Night Bus Home' })).toBeNull();
  });

  test('a feed that cannot be loaded says "Failed to load feed"', async () => {
    server.use(http.get('/api/feed/following', ({ response }) => response.untyped(new Response('', { status: 500 }))));
    await openSubscriptions();

    await waitFor(() => expect(screen.getAllByText('Failed to load feed')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  test("Connections: 'Your Followers' and 'Following' with their totals; following back moves the count", async () => {
    const { user } = await openSubscriptions();
    await user.click(tabs().getByRole('tab', { name: 'Connections' }));

    const sub = within(screen.getByRole('tablist', { name: 'Connections' }));
    expect(sub.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Your Followers', 'Following']);
    expect(await screen.findByText('1 person follows you')).toBeInTheDocument();
    const followers = within(screen.getByRole('list', { name: 'Your Followers' }));
    const card = within(followers.getByRole('article', { name: 'mira' }));
    await user.click(card.getByRole('button', { name: 'Follow mira' })); // follow back
    expect(await card.findByRole('button', { name: 'Unfollow mira' })).toBeInTheDocument();

    await user.click(sub.getByRole('tab', { name: 'Following' }));
    expect(await screen.findByText('You follow 1 person')).toBeInTheDocument();
    const following = within(screen.getByRole('list', { name: 'Following' }));
    await user.click(within(following.getByRole('article', { name: 'mira' })).getByRole('button', { name: 'Unfollow mira' }));
    expect(await screen.findByText('You follow 0 people')).toBeInTheDocument();
  });

  test("Connections: nobody yet, and a failure that names the sub-tab", async () => {
    socialDb.follows = [];
    server.use(http.get('/api/users/{id}/following', ({ response }) => response.untyped(new Response('', { status: 500 }))));
    const { user } = await openSubscriptions();
    await user.click(tabs().getByRole('tab', { name: 'Connections' }));

    expect(await screen.findByText('No one follows you yet')).toBeInTheDocument();
    expect(screen.getByText('0 people follow you')).toBeInTheDocument();
    await user.click(within(screen.getByRole('tablist', { name: 'Connections' })).getByRole('tab', { name: 'Following' }));
    await waitFor(() => expect(screen.getAllByText('Failed to load following')).toHaveLength(2));
  });

  test('Notifications: unread highlighted with New; clicking one marks it read', async () => {
    const { user } = await openSubscriptions();
    await user.click(tabs().getByRole('tab', { name: /^Notifications/ }));

    const list = within(await screen.findByRole('list', { name: 'Notifications' }));
    const items = list.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText('New follower')).toBeInTheDocument();
    expect(within(items[0]).getByText('New')).toBeInTheDocument();
    expect(within(items[0]).getByRole('button')).toHaveAttribute('data-unread', 'true');
    expect(within(items[1]).getByText('Partner program: approved')).toBeInTheDocument();
    expect(within(items[1]).queryByText('New')).not.toBeInTheDocument();

    // Marking read leaves this tab open (a new follower's link opens Connections).
    await user.click(within(items[1]).getByRole('button'));
    expect(within(items[1]).queryByText('New')).not.toBeInTheDocument();
    await user.click(within(items[0]).getByRole('button'));
    await waitFor(() => expect(socialDb.notifications.every((n) => n.read)).toBe(true));
    expect(await screen.findByRole('tab', { name: 'Your Followers' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('FollowButton', () => {
  async function renderButton(props: { userId: string; following: boolean; username?: string }) {
    storeDemoUserToken();
    const store = new RootStore({ socketFactory: fakeSockets().factory });
    await store.auth.init();
    const user = userEvent.setup();
    render(
      <AppProviders store={store} env="test">
        <MemoryRouter>
          <FollowButton {...props} />
        </MemoryRouter>
      </AppProviders>,
    );
    return { store, user };
  }

  test("reads 'Loading...' while the call is under way, then what the server answered", async () => {
    const { user } = await renderButton({ userId: mira().id, following: false });
    const release = holdFollow();

    await user.click(screen.getByRole('button', { name: 'Follow' }));

    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeEnabled();
  });

  test('a failed toggle says "Failed to update follow status" and keeps the label', async () => {
    server.use(http.post('/api/users/{id}/follow', ({ response }) => response.untyped(new Response('', { status: 500 }))));
    const { user } = await renderButton({ userId: mira().id, following: true, username: 'mira' });

    await user.click(screen.getByRole('button', { name: 'Unfollow mira' }));

    expect(await screen.findByText('Failed to update follow status')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unfollow mira' })).toBeEnabled();
  });

  test("nothing shows on the viewer's own card or for a sample's owner", async () => {
    await renderButton({ userId: demoUser().user.id, following: false });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  test('nothing shows for an empty id', async () => {
    await renderButton({ userId: '', following: false });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('Follow in the reels viewer (seed 002 §2.6)', () => {
  async function openViewer() {
    storeDemoUserToken();
    const app = renderApp();
    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    await app.user.click(within(nav).getByRole('button', { name: 'Shorts' }));
    await app.user.click(await screen.findByRole('button', { name: /^Watch Reels/ }));
    return { ...app, viewer: within(await screen.findByRole('dialog', { name: 'Reels viewer' })) };
  }

  test("the owner's reel has no Follow; another creator's has it, and it follows them", async () => {
    const { user, viewer } = await openViewer();
    expect(viewer.getByRole('group', { name: 'One line of poetry, 1 of 4' })).toBeInTheDocument(); // ada's own
    expect(viewer.queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();

    await user.keyboard('j');
    expect(viewer.getByRole('group', { name: 'Latte art, slowly, 2 of 4' })).toBeInTheDocument(); // mira's
    await user.click(await viewer.findByRole('button', { name: /^Follow / }));

    expect(await screen.findByText('You are now following mira')).toBeInTheDocument();
    expect(viewer.getByRole('button', { name: /^Unfollow / })).toBeInTheDocument();
    expect(socialDb.follows.some((f) => f.followerId === demoUser().user.id && f.followeeId === mira().id)).toBe(true);
  });

  test('an owner already followed shows Unfollow', async () => {
    adaFollowsMira();
    const { user, viewer } = await openViewer();
    await user.keyboard('j');

    expect(await viewer.findByRole('button', { name: /^Unfollow / })).toBeInTheDocument();
  });

  test('sample reels have no Follow', async () => {
    mediaDb.reels = [];
    const { viewer } = await openViewer();

    expect(viewer.getByText('Sample')).toBeInTheDocument();
    expect(viewer.queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();
  });
});
