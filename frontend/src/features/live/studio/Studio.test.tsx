import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { liveDb, liveId } from '../../../mocks/liveDb';
import { errorBody, http } from '../../../mocks/http';
import { server } from '../../../mocks/server';
import { demoUser } from '../../../test/accounts';
import { fill } from '../../../test/fill';
import { field } from '../../../test/queries';
import { renderSection } from '../../../test/renderApp';
import { storeDemoUserToken } from '../../../test/session';
import { LIVE_TABS } from '../messages';
import { FakeRecorder, installFakeCapture, type FakeCapture } from './fakeCapture';
import { closeMockIngest, ingestReceived } from './mocks';

let capture: FakeCapture;

beforeEach(() => {
  capture = installFakeCapture();
});

afterEach(() => {
  capture.uninstall();
  ingestReceived.clear();
});

/** Signed in as ada, on Live's Go Live tab, with the camera on. */
async function openGoLive({ waitForCamera = true } = {}) {
  storeDemoUserToken();
  const app = await renderSection('live', { tab: LIVE_TABS.goLive });
  await screen.findByRole('form', { name: 'Go Live' });
  if (waitForCamera) await screen.findByRole('combobox', { name: 'Camera' });
  return app;
}

const goLiveButton = () => screen.getByRole('button', { name: 'Go Live' });

function adaStream(fields: Partial<(typeof liveDb.streams)[number]> = {}) {
  const stream = {
    id: liveId('live'),
    userId: demoUser().user.id,
    title: 'Morning coffee',
    description: '',
    is_vertical: false,
    super_chat_enabled: true,
    record: true,
    status: 'live' as const,
    likedBy: [],
    slow_mode_seconds: 0,
    created_at: new Date().toISOString(),
    live_at: new Date().toISOString(),
    ended_at: null,
    recording_video_id: null,
    game: null,
    baseViewers: 0,
    ...fields,
  };
  liveDb.streams.push(stream);
  return stream;
}

/** The recorder the ingest made once the server said ready. */
async function recording(): Promise<FakeRecorder> {
  await waitFor(() => expect(FakeRecorder.instances.some((r) => r.state === 'recording')).toBe(true));
  const recorder = FakeRecorder.instances.find((r) => r.state === 'recording');
  if (!recorder) throw new Error('not recording');
  return recorder;
}

describe('Go Live (seed 002 §2.7, §4, §5)', () => {
  test('the camera preview with its device pickers, and Go Live disabled while the title is blank or whitespace', async () => {
    const { user } = await openGoLive();

    expect(capture.getUserMedia).toHaveBeenCalledTimes(1);
    expect(capture.getUserMedia.mock.calls[0]?.[0]).toMatchObject({ audio: expect.any(Object), video: expect.any(Object) });
    expect(screen.getByLabelText('Camera preview').tagName).toBe('VIDEO');
    expect(screen.getByLabelText('Camera preview')).toHaveAttribute('muted');
    const cameras = within(screen.getByRole('combobox', { name: 'Camera' })).getAllByRole('option').map((option) => option.textContent);
    expect(cameras).toEqual(['Front camera', 'USB camera']);
    expect(screen.getByRole('combobox', { name: 'Microphone' })).toHaveValue('mic-built-in');

    expect(goLiveButton()).toBeDisabled();
    await fill(user, field(screen, 'Title'), '   ');
    expect(goLiveButton()).toBeDisabled();
    await fill(user, field(screen, 'Title'), 'Sunday sketching');
    expect(goLiveButton()).toBeEnabled();
    expect(screen.getByRole('button', { name: 'End Live Stream' })).toBeDisabled();

    // Another camera: it opens that device.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Camera' }), 'cam-usb');
    await waitFor(() => expect(capture.getUserMedia).toHaveBeenCalledTimes(2));
    expect(capture.getUserMedia.mock.calls[1]?.[0].video).toMatchObject({ deviceId: { exact: 'cam-usb' } });
    // The first camera's light goes out.
    expect(capture.streams[0]?.getTracks().every((track) => track.stop.mock.calls.length > 0)).toBe(true);

    // Vertical: the camera opens again in portrait, so that what is sent is what the preview shows.
    await user.click(screen.getByLabelText('Vertical stream'));
    await waitFor(() => expect(capture.getUserMedia).toHaveBeenCalledTimes(3));
    expect(capture.getUserMedia.mock.calls[2]?.[0].video).toMatchObject({ deviceId: { exact: 'cam-usb' }, width: { ideal: 720 }, height: { ideal: 1280 } });
  });

  test("starting: 'Live stream started!', My Stream opens, and the camera goes out live over the ingest", async () => {
    const { user, store } = await openGoLive();
    await fill(user, field(screen, 'Title'), 'Sunday sketching');
    await fill(user, screen.getByLabelText('Description'), 'Pencils and coffee');
    await user.click(screen.getByLabelText('Vertical stream'));
    await user.click(screen.getByLabelText('Enable super chat donations'));
    await user.click(goLiveButton());

    expect(await screen.findByText('Live stream started!')).toBeInTheDocument();
    const stream = liveDb.streams.find((s) => s.title === 'Sunday sketching');
    expect(stream).toMatchObject({ description: 'Pencils and coffee', is_vertical: true, super_chat_enabled: true, record: true, userId: demoUser().user.id });
    // Seed 002 §4: the screen switches to My Stream.
    expect(await screen.findByRole('tab', { name: 'My Stream', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Sunday sketching' })).toBeInTheDocument();
    expect(screen.getByText('Pencils and coffee')).toBeInTheDocument();
    expect(store.ui.tabOf('live', LIVE_TABS.now)).toBe(LIVE_TABS.myStream);

    // The ingest: ready, then 200 ms chunks; the first makes the stream live.
    const recorder = await recording();
    expect(recorder.timeslice).toBe(200);
    expect(recorder.options).toEqual({ mimeType: 'video/webm;codecs=vp8,opus', videoKeyFrameIntervalDuration: 1000 });
    expect(await screen.findByText('Sending: Connecting…')).toBeInTheDocument();
    recorder.emit([0x1a, 0x45, 0xdf, 0xa3]);
    expect(await screen.findByText('Sending: Live')).toBeInTheDocument();
    expect(ingestReceived.get(stream?.id ?? '')).toEqual({ mime: 'video/webm;codecs=vp8,opus', chunks: 1, bytes: 4 });
    expect(stream?.status).toBe('live');

    // Seed 002 §5: Go Live is disabled while a stream is live.
    await user.click(screen.getByRole('tab', { name: 'Go Live' }));
    expect(await screen.findByText('You are live')).toBeInTheDocument();
    expect(goLiveButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'End Live Stream' })).toBeEnabled();
  });

  test("ending: 'Live stream ended!', the stream is cleared, My Stream goes and the camera stops being sent", async () => {
    const { user } = await openGoLive();
    await fill(user, field(screen, 'Title'), 'Short one');
    await user.click(goLiveButton());
    await screen.findByRole('tab', { name: 'My Stream', selected: true });
    const recorder = await recording();
    recorder.emit([1, 2, 3]);
    await screen.findByText('Sending: Live');

    await user.click(screen.getByRole('button', { name: 'End Live Stream' }));

    expect(await screen.findByText('Live stream ended!')).toBeInTheDocument();
    expect(liveDb.streams.find((s) => s.title === 'Short one')?.status).toBe('ended');
    expect(await screen.findByRole('tab', { name: 'Go Live', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'My Stream' })).not.toBeInTheDocument();
    expect(recorder.state).toBe('inactive');
    // A new stream may start again.
    expect(goLiveButton()).toBeEnabled();
  });

  test("a refused start says 'Failed to start live stream: ' and the server's reason; an end that fails says so", async () => {
    server.use(
      http.post('/api/live/start', ({ response }) =>
        response(409).json(errorBody(409, 'LIVE.ALREADY_LIVE', 'You already have a live stream: end it before starting another')),
      ),
    );
    const { user } = await openGoLive();
    await fill(user, field(screen, 'Title'), 'Twice');
    await user.click(goLiveButton());
    expect(await screen.findByText('Failed to start live stream: You already have a live stream: end it before starting another')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'My Stream' })).not.toBeInTheDocument();
    expect(FakeRecorder.instances).toHaveLength(0);

    server.resetHandlers();
    server.use(http.post('/api/live/{id}/end', ({ response }) => response(503).json(errorBody(503, 'UNAVAILABLE', 'The server is busy'))));
    await user.click(goLiveButton());
    await screen.findByRole('tab', { name: 'My Stream', selected: true });
    await user.click(screen.getByRole('button', { name: 'End Live Stream' }));
    expect(await screen.findByText('Failed to end live stream')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'My Stream', selected: true })).toBeInTheDocument();
  });

  test('Audio Only opens the microphone alone and streams Opus audio', async () => {
    const { user } = await openGoLive();
    await user.click(screen.getByRole('button', { name: 'Audio Only' }));
    expect(await screen.findByText('Audio only: your microphone is on')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Audio Only' })).toHaveAttribute('aria-pressed', 'true');
    expect(capture.getUserMedia.mock.calls[1]?.[0]).toMatchObject({ video: false });
    expect(screen.queryByRole('combobox', { name: 'Camera' })).not.toBeInTheDocument();

    await fill(user, field(screen, 'Title'), 'Podcast live');
    await user.click(goLiveButton());
    const recorder = await recording();
    expect(recorder.options).toEqual({ mimeType: 'audio/webm;codecs=opus' });
    recorder.emit([5]);
    await screen.findByText('Sending: Live');
    const stream = liveDb.streams.find((s) => s.title === 'Podcast live');
    expect(ingestReceived.get(stream?.id ?? '')?.mime).toBe('audio/webm;codecs=opus');
  });

  test('a refused camera says why and offers OBS; OBS shows the server and the hidden key, Copy, Show, and Regenerate after a confirmation', async () => {
    capture.failNext('NotAllowedError');
    const { user } = await openGoLive({ waitForCamera: false });
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');

    expect(
      await screen.findByText('Camera and microphone access was refused. Allow it in the browser’s address bar, or stream from OBS instead.'),
    ).toBeInTheDocument();
    await fill(user, field(screen, 'Title'), 'From OBS');
    // No camera: nothing to send from the browser yet.
    expect(goLiveButton()).toBeDisabled();

    const refusal = screen.getByText(/Camera and microphone access was refused/).closest<HTMLElement>('[role=alert]');
    if (!refusal) throw new Error('the refusal is not an alert');
    await user.click(within(refusal).getByRole('button', { name: 'Stream from OBS instead' }));
    const keyInput = await screen.findByLabelText('Stream key');
    const key = liveDb.keys[demoUser().user.id] ?? '';
    expect(keyInput).toHaveValue(key);
    expect(keyInput).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Server')).toHaveValue('rtmp://localhost:1935/live');
    await user.click(screen.getByRole('button', { name: 'Show stream key' }));
    expect(keyInput).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Copy stream key' }));
    expect(writeText).toHaveBeenCalledWith(key);
    expect(await screen.findByText('Stream key copied')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Regenerate key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regenerate the stream key?' });
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByText('New stream key made: update it in OBS')).toBeInTheDocument();
    const fresh = liveDb.keys[demoUser().user.id];
    expect(fresh).not.toBe(key);
    await waitFor(() => expect(screen.getByLabelText('Stream key')).toHaveValue(fresh));

    // OBS sends the picture: Go Live starts the stream without the camera.
    expect(goLiveButton()).toBeEnabled();
    await user.click(goLiveButton());
    expect(await screen.findByText('Live stream started!')).toBeInTheDocument();
    expect(await screen.findByText(/Start Streaming in OBS with your stream key/)).toBeInTheDocument();
    expect(FakeRecorder.instances).toHaveLength(0);
  });

  test('after a reload while streaming: the open stream is found, Go Live stays disabled, and the camera can be sent again', async () => {
    const stream = adaStream({ title: 'Still going' });
    const { user } = await openGoLive();
    expect(await screen.findByText('You are live')).toBeInTheDocument();
    expect(screen.getByText('Still going')).toBeInTheDocument();
    await fill(user, field(screen, 'Title'), 'Another');
    expect(goLiveButton()).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Send camera' }));
    const recorder = await recording();
    recorder.emit([1]);
    await waitFor(() => expect(ingestReceived.get(stream.id)?.chunks).toBe(1));
    expect(await screen.findByText('Still going · Live')).toBeInTheDocument();
  });

  test('after a reload the open stream is found however many busier streams are live (GET /api/live/streams?user_id=)', async () => {
    for (let i = 0; i < 60; i += 1) adaStream({ userId: `someone-${i}`, title: `Busy ${i}`, baseViewers: 100 + i });
    adaStream({ title: 'Quiet but mine' });
    await openGoLive();
    expect(await screen.findByText('You are live')).toBeInTheDocument();
    expect(screen.getByText('Quiet but mine')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'My Stream' })).toBeInTheDocument();
  });
});

describe('My Stream (seed 002 §2.7)', () => {
  test('an ingest the server stops says why, and the camera can be sent again', async () => {
    const { user } = await openGoLive();
    await fill(user, field(screen, 'Title'), 'Two windows');
    await user.click(goLiveButton());
    const first = await recording();
    first.emit([1]);
    await screen.findByText('Sending: Live');
    const stream = liveDb.streams.find((s) => s.title === 'Two windows');

    closeMockIngest(stream?.id ?? '', 4409, 'Another browser window took over this stream.');
    expect(await screen.findByText('Another browser window took over this stream.')).toHaveAttribute('role', 'status');
    expect(first.state).toBe('inactive');

    await user.click(screen.getByRole('button', { name: 'Send camera' }));
    const second = await recording();
    expect(second).not.toBe(first);
    second.emit([2]);
    expect(await screen.findByText('Sending: Live')).toBeInTheDocument();
  });

  test('a stream ended elsewhere (another tab): the ingest closes normally, the page says so and leaves My Stream', async () => {
    const { user } = await openGoLive();
    await fill(user, field(screen, 'Title'), 'Ends elsewhere');
    await user.click(goLiveButton());
    const recorder = await recording();
    recorder.emit([1]);
    await screen.findByText('Sending: Live');
    const stream = liveDb.streams.find((s) => s.title === 'Ends elsewhere');
    if (stream) stream.status = 'ended';

    closeMockIngest(stream?.id ?? '', 1000, 'stream ended');
    expect(await screen.findByText('Live stream ended!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('tab', { name: 'My Stream' })).not.toBeInTheDocument());
    expect(recorder.state).toBe('inactive');
  });

  test('a stream live from elsewhere (OBS, another tab): the camera here does not claim to be live until it is sent', async () => {
    adaStream({ title: 'From OBS' });
    storeDemoUserToken();
    const { user } = await renderSection('live', { tab: LIVE_TABS.myStream });
    const sending = within(await screen.findByRole('region', { name: 'Your camera' }));
    expect(sending.getByText('Not sending')).toBeInTheDocument();
    expect(sending.queryByText('LIVE')).not.toBeInTheDocument();
    await waitFor(() => expect(sending.getByRole('button', { name: 'Send camera' })).toBeEnabled());
    await user.click(sending.getByRole('button', { name: 'Send camera' }));
    (await recording()).emit([1]);
    expect(await sending.findAllByText('LIVE')).not.toHaveLength(0);
    expect(sending.queryByText('Not sending')).not.toBeInTheDocument();
  });

  test('viewers, likes, the Super Chat earned and the coloured list, and the chat where Enter sends, newest first', async () => {
    const stream = adaStream({ title: 'Q&A', likedBy: ['someone-1', 'someone-2'], baseViewers: 7 });
    liveDb.superChats.push(
      {
        id: liveId('sc'),
        streamId: stream.id,
        username: 'mira',
        amount: 24.99,
        message: 'Love it',
        color: 'gold',
        package_id: 'mega',
        user_id: 'u-mira',
        created_at: new Date(Date.now() - 60_000).toISOString(),
        pinned_until: new Date(Date.now() + 540_000).toISOString(),
        paid: true,
        sessionId: 's1',
      },
      {
        id: liveId('sc'),
        streamId: stream.id,
        username: 'sam',
        amount: 1.99,
        message: 'Hi!',
        color: 'blue',
        package_id: 'small',
        user_id: 'u-sam',
        created_at: new Date(Date.now() - 30_000).toISOString(),
        pinned_until: new Date(Date.now() - 1000).toISOString(),
        paid: true,
        sessionId: 's2',
      },
    );
    storeDemoUserToken();
    const { user } = await renderSection('live', { tab: LIVE_TABS.myStream });

    expect(await screen.findByRole('heading', { name: 'Q&A' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Likes')).toHaveTextContent('2'));
    await waitFor(() => expect(screen.getByLabelText('Super Chat earned')).toHaveTextContent('$26.98'));
    expect(Number(screen.getByLabelText('Viewers').textContent)).toBeGreaterThanOrEqual(7);
    const list = within(screen.getByRole('list', { name: 'Super Chats' }));
    const items = list.getAllByRole('listitem');
    expect(items.map((item) => item.firstElementChild?.getAttribute('data-color'))).toEqual(['blue', 'gold']);

    const box = screen.getByRole('textbox', { name: 'Chat message' });
    await user.type(box, 'First{Enter}');
    const chat = within(await screen.findByRole('list', { name: 'Chat messages' }));
    await chat.findByText('First');
    await waitFor(() => expect(box).toHaveValue(''));
    await user.type(box, 'Second{Enter}');
    await chat.findByText('Second');
    const texts = chat.getAllByRole('listitem').map((item) => item.textContent ?? '');
    const first = texts.findIndex((text) => text.includes('First'));
    const second = texts.findIndex((text) => text.includes('Second'));
    expect(second).toBeLessThan(first);
  });
});
