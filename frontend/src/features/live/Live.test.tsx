import { afterEach, describe, expect, jest, test } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import { findUserByIdentifier } from '../../mocks/db';
import { liveDb, type MockLiveStream } from '../../mocks/liveDb';
import { errorBody, http } from '../../mocks/http';
import { server } from '../../mocks/server';
import { RootStore } from '../../stores/RootStore';
import { fakeSockets } from '../../test/fakeSocket';
import { renderApp } from '../../test/renderApp';
import { storeDemoUserToken } from '../../test/session';
import { issueUserToken } from '../../mocks/db';
import { TOKEN_KEYS } from '../../shared/storage';
import { STREAMS_REFRESH_MS } from './messages';
import { resetMockFeatureFlags, setMockFeature } from '../features/mocks';

const useFakeTimers = () => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });

afterEach(() => {
  jest.useRealTimers();
});

const harbour = (): MockLiveStream => {
  const stream = liveDb.streams.find((s) => s.title === 'Harbour live: the boats come in');
  if (!stream) throw new Error('no demo stream');
  return stream;
};

/** Signs in as mira (the demo stream's streamer). */
function signInAsMira(): void {
  const mira = findUserByIdentifier('mira@example.com');
  if (!mira) throw new Error('no mira');
  window.localStorage.setItem(TOKEN_KEYS.user, issueUserToken(mira.user.id));
}

function openLive({ signedIn = true, route = '/live' } = {}) {
  if (signedIn) storeDemoUserToken();
  const realtime = fakeSockets();
  const store = new RootStore({ socketFactory: realtime.factory });
  return { ...renderApp({ route, store }), realtime };
}

async function openWatch(id = harbour().id, { signedIn = true, asMira = false } = {}) {
  if (asMira) signInAsMira();
  const app = openLive({ signedIn: signedIn && !asMira, route: `/live/${id}` });
  await screen.findByRole('heading', { name: liveDb.streams.find((s) => s.id === id)?.title ?? '', level: 1 });
  return app;
}

const chat = () => within(screen.getByRole('region', { name: 'Live chat' }));
const chatLines = () => within(chat().getByRole('list', { name: 'Chat messages' })).getAllByRole('listitem').map((li) => li.textContent ?? '');

describe('Live Now', () => {
  test('cards show title, @username, viewers, LIVE, Super Chat revenue, Join Stream and Super Chat', async () => {
    const { user } = openLive();
    const card = within(await screen.findByRole('article', { name: 'Harbour live: the boats come in' }));
    expect(card.getByText('@mira')).toBeInTheDocument();
    expect(card.getByText('12 watching')).toBeInTheDocument();
    expect(card.getByText('LIVE')).toBeInTheDocument();
    expect(card.getByText('$4.99 in Super Chats').closest('.mantine-Badge-root')).toHaveTextContent(/^\$4\.99 in Super Chats$/);
    expect(card.getByRole('button', { name: 'Super Chat' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Live Now', selected: true })).toBeInTheDocument();

    await user.click(card.getByRole('link', { name: 'Join Stream' }));
    expect(await screen.findByRole('heading', { name: 'Harbour live: the boats come in', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/live/${harbour().id}`);
  });

  test("no Super Chat on streams without it, nor on the viewer's own; the streamer gets My Stream", async () => {
    harbour().super_chat_enabled = false;
    openLive();
    const card = within(await screen.findByRole('article', { name: 'Harbour live: the boats come in' }));
    expect(card.queryByRole('button', { name: 'Super Chat' })).not.toBeInTheDocument();
    expect(card.queryByText(/in Super Chats/)).not.toBeInTheDocument();
  });

  test('the streamer sees their own stream without Super Chat, and the My Stream tab', async () => {
    signInAsMira();
    openLive({ signedIn: false });
    const card = within(await screen.findByRole('article', { name: 'Harbour live: the boats come in' }));
    expect(card.getByText('@mira (you)')).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Super Chat' })).not.toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'My Stream' })).toBeInTheDocument();
  });

  test("the empty state: 'No Live Streams' / 'Be the first to go live!'", async () => {
    liveDb.streams = [];
    openLive();
    expect(await screen.findByRole('heading', { name: 'No Live Streams' })).toBeInTheDocument();
    expect(screen.getByText('Be the first to go live!')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'My Stream' })).not.toBeInTheDocument();
  });

  test('viewer counts stay current: the list is read again every 15 seconds', async () => {
    useFakeTimers();
    openLive();
    const card = within(await screen.findByRole('article', { name: 'Harbour live: the boats come in' }));
    expect(card.getByText('12 watching')).toBeInTheDocument();
    harbour().baseViewers = 30;
    await act(() => jest.advanceTimersByTimeAsync(STREAMS_REFRESH_MS - 1));
    expect(card.getByText('12 watching')).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(1));
    await waitFor(() => expect(card.getByText('30 watching')).toBeInTheDocument());
  });

  test('visitors see the streams, and Super Chat asks them to sign in', async () => {
    const { user } = openLive({ signedIn: false });
    const card = within(await screen.findByRole('article', { name: 'Harbour live: the boats come in' }));
    expect(screen.queryByRole('tab', { name: 'Go Live' })).not.toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Super Chat' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/signin?next=%2Flive');
  });
});

describe('the watch view (/live/:id)', () => {
  test('shows the stream, viewers, likes, description and the chat newest first; the room is followed', async () => {
    const { realtime } = await openWatch();
    expect(screen.getByText('@mira')).toBeInTheDocument();
    expect(screen.getByText('12 watching')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like, 1 like', pressed: true })).toBeInTheDocument();
    expect(screen.getByText('Evening on the quay, live. Say hi in the chat!')).toBeInTheDocument();
    expect(screen.getByLabelText('Harbour live: the boats come in', { selector: 'video' })).toBeInTheDocument();
    expect(chatLines()[0]).toContain('For the coffee on the quay'); // the Super Chat (20 min ago)
    expect(chatLines()[1]).toContain('The light on the water!'); // 30 min ago
    expect(chatLines()[2]).toContain('Welcome everyone'); // 35 min ago
    expect(document.title).toBe('Harbour live: the boats come in · Scriven');

    const socket = realtime.latest();
    act(() => socket.accept());
    expect(socket.sent).toEqual([expect.objectContaining({ type: 'auth' }), { type: 'subscribe', room: `live:${harbour().id}` }]);
  });

  test('a message sent with Enter goes to the top of the chat, and the box empties', async () => {
    const { user } = await openWatch();
    const box = chat().getByRole('textbox', { name: 'Chat message' });
    await user.type(box, 'Hello harbour{Enter}');
    await waitFor(() => expect(chatLines()[0]).toContain('Hello harbour'));
    expect(chatLines()[0]).toContain('ada');
    expect(box).toHaveValue('');
    expect(liveDb.comments.some((c) => c.message === 'Hello harbour')).toBe(true);
  });

  test('Enter pressed again while the first message is on its way: the second follows it, in order, and neither is lost', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const posted: string[] = [];
    server.use(
      http.post('/api/live/{id}/comment', async ({ request }) => {
        const { message } = (await request.clone().json()) as { message: string };
        posted.push(message);
        if (message === 'one') await gate;
        return undefined;
      }),
    );
    const { user } = await openWatch();
    const box = chat().getByRole('textbox', { name: 'Chat message' });
    await user.type(box, 'one{Enter}');
    await waitFor(() => expect(posted).toEqual(['one']));
    expect(box).toHaveValue('');
    await user.type(box, 'two{Enter}');
    expect(box).toHaveValue('');
    expect(posted).toEqual(['one']); // the second waits for the first
    act(() => release());
    await waitFor(() => expect(chatLines()[0]).toContain('two'));
    expect(chatLines()[1]).toContain('one');
    expect(posted).toEqual(['one', 'two']);
    expect(liveDb.comments.filter((c) => c.message === 'one' || c.message === 'two').map((c) => c.message)).toEqual(['one', 'two']);
    expect(box).toHaveValue('');
  });

  test("a refused message says 'Failed to send comment' and why; the text stays", async () => {
    server.use(
      http.post('/api/live/{id}/comment', ({ response }) =>
        response(429).json(errorBody(429, 'LIVE.SLOW_MODE', 'Slow mode is on: one message every 30 seconds.')),
      ),
    );
    const { user } = await openWatch();
    const box = chat().getByRole('textbox', { name: 'Chat message' });
    await user.type(box, 'Too fast{Enter}');
    expect(await screen.findByText('Failed to send comment')).toBeInTheDocument();
    expect(chat().getByRole('alert')).toHaveTextContent('Slow mode is on: one message every 30 seconds.');
    expect(box).toHaveValue('Too fast');
  });

  test('room events update viewers, likes, the chat and the Super Chats live', async () => {
    const { realtime } = await openWatch();
    const socket = realtime.latest();
    const room = `live:${harbour().id}`;
    act(() => {
      socket.accept();
      socket.push({ type: 'subscribed', room });
    });
    act(() => socket.push({ type: 'room', room, event: 'viewers', viewer_count: 40 }));
    expect(screen.getByText('40 watching')).toBeInTheDocument();
    act(() => socket.push({ type: 'room', room, event: 'likes', likes: 7 }));
    expect(screen.getByRole('button', { name: 'Like, 7 likes' })).toBeInTheDocument();
    act(() =>
      socket.push({
        type: 'room',
        room,
        event: 'comment',
        comment: { id: 'c-new', user_id: 'u-sam', username: 'sam', message: 'Ahoy!', created_at: new Date().toISOString() },
      }),
    );
    expect(chatLines()[0]).toContain('Ahoy!');
    act(() => socket.push({ type: 'room', room, event: 'comment_deleted', id: 'c-new' }));
    expect(chatLines()[0]).not.toContain('Ahoy!');

    const now = Date.now();
    act(() =>
      socket.push({
        type: 'room',
        room,
        event: 'super_chat',
        super_chat_revenue: 29.98,
        super_chat: {
          id: 'sc-new',
          username: 'sam',
          amount: 24.99,
          message: 'Mega thanks',
          color: 'gold',
          package_id: 'mega',
          user_id: 'u-sam',
          created_at: new Date(now).toISOString(),
          pinned_until: new Date(now + 600_000).toISOString(),
        },
      }),
    );
    const pinned = within(chat().getByRole('list', { name: 'Pinned Super Chats' }));
    expect(pinned.getByLabelText('Super Chat from sam: $24.99')).toHaveAttribute('data-color', 'gold');
    expect(chatLines()[0]).toContain('Mega thanks');

    act(() => socket.push({ type: 'room', room, event: 'ended' }));
    expect(screen.getByText('This stream has ended')).toBeInTheDocument();
    expect(chat().getByText('The chat closed when the stream ended.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Super Chat' })).not.toBeInTheDocument();
  });

  test('after the socket drops it reconnects, follows the room again and reads the chat again (missed messages)', async () => {
    useFakeTimers();
    const { realtime } = await openWatch();
    const room = `live:${harbour().id}`;
    act(() => {
      realtime.latest().accept();
      realtime.latest().push({ type: 'subscribed', room });
    });
    liveDb.comments.push({ id: 'lc-missed', streamId: harbour().id, user_id: 'u-sam', username: 'sam', message: 'Sent while you were away', created_at: new Date().toISOString() });
    const dropped = realtime.latest();
    act(() => dropped.drop());
    await act(() => jest.advanceTimersByTimeAsync(999));
    expect(realtime.latest()).toBe(dropped);
    await act(() => jest.advanceTimersByTimeAsync(1)); // the first reconnect waits 1 s
    expect(realtime.latest()).not.toBe(dropped);
    act(() => {
      realtime.latest().accept();
      realtime.latest().push({ type: 'subscribed', room });
    });
    await waitFor(() => expect(chatLines()[0]).toContain('Sent while you were away'));
  });

  test("before the first media: 'Waiting for the stream to start'; it goes live when the room says so", async () => {
    harbour().status = 'created';
    const { realtime } = await openWatch();
    expect(screen.getByText('Waiting for the stream to start')).toBeInTheDocument();
    expect(screen.getByText('Starting')).toBeInTheDocument();
    const socket = realtime.latest();
    const room = `live:${harbour().id}`;
    act(() => {
      socket.accept();
      socket.push({ type: 'subscribed', room });
      socket.push({ type: 'room', room, event: 'status', status: 'live' });
    });
    expect(screen.getAllByText('LIVE').length).toBeGreaterThan(0);
  });

  test('an ended stream links to its recording', async () => {
    const stream = harbour();
    stream.status = 'ended';
    stream.ended_at = new Date().toISOString();
    stream.recording_video_id = 'video-42';
    await openWatch();
    expect(screen.getByText('This stream has ended')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Watch the recording' })).toHaveAttribute('href', '/videos/video-42');
    expect(screen.queryByRole('textbox', { name: 'Chat message' })).not.toBeInTheDocument();
  });

  test('an unknown stream says so (and the console hears the seed\'s "Failed to join stream")', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    openLive({ route: '/live/nope' });
    expect(await screen.findByRole('heading', { name: 'Live stream not found' })).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Failed to join stream');
  });

  test('visitors read the chat and are asked to sign in to chat and to like', async () => {
    const { user, realtime } = await openWatch(harbour().id, { signedIn: false });
    expect(chat().getByText('Sign in to chat')).toBeInTheDocument();
    expect(chat().queryByRole('textbox', { name: 'Chat message' })).not.toBeInTheDocument();
    act(() => realtime.latest().open());
    expect(realtime.latest().sent).toEqual([{ type: 'subscribe', room: `live:${harbour().id}` }]);
    await user.click(screen.getByRole('button', { name: /^Like/ }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/signin?next=${encodeURIComponent(`/live/${harbour().id}`)}`);
  });

  test('a like toggles', async () => {
    const { user } = await openWatch();
    await user.click(screen.getByRole('button', { name: 'Like, 1 like', pressed: true }));
    expect(await screen.findByRole('button', { name: 'Like, 0 likes', pressed: false })).toBeInTheDocument();
  });

  test('the streamer moderates: deletes a message, times its sender out, sets slow mode', async () => {
    const { user } = await openWatch(harbour().id, { asMira: true });
    expect(screen.queryByRole('button', { name: 'Super Chat' })).not.toBeInTheDocument();
    await user.click(chat().getByRole('button', { name: "Moderate ada's message" }));
    await user.click(await screen.findByRole('menuitem', { name: 'Time out 5 minutes' }));
    expect(await screen.findByText('ada is timed out for 5 minutes')).toBeInTheDocument();
    const ada = findUserByIdentifier('ada')!.user.id;
    expect(Date.parse(liveDb.timeouts[`${harbour().id}:${ada}`]) - Date.now()).toBeGreaterThan(290_000);

    await user.click(chat().getByRole('button', { name: "Moderate ada's message" }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete message' }));
    await waitFor(() => expect(chatLines().some((line) => line.includes('The light on the water!'))).toBe(false));
    expect(liveDb.comments.some((c) => c.message === 'The light on the water!')).toBe(false);

    await user.selectOptions(chat().getByRole('combobox', { name: 'Slow mode' }), '30');
    await waitFor(() => expect(harbour().slow_mode_seconds).toBe(30));
  });
});

describe('live switched off', () => {
  afterEach(() => resetMockFeatureFlags());

  test('no Live in the navigation nor Go live in Create; a stream link says the feature is off', async () => {
    setMockFeature('live', false);
    storeDemoUserToken();
    const { user } = renderApp();
    const nav = within(await screen.findByRole('navigation', { name: 'Sections' }));
    await waitFor(() => expect(nav.queryByRole('button', { name: 'Live' })).not.toBeInTheDocument());
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Create' }));
    expect(within(await screen.findByRole('menu')).queryByRole('menuitem', { name: 'Go live' })).not.toBeInTheDocument();
  });

  test('the watch view of a switched-off instance says so', async () => {
    setMockFeature('live', false);
    const store = new RootStore({ socketFactory: fakeSockets().factory });
    await store.features.load();
    renderApp({ route: `/live/${harbour().id}`, store });
    expect(await screen.findByRole('region', { name: 'Live (turned off)' })).toBeInTheDocument();
  });
});
