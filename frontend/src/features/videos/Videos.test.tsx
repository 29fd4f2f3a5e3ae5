import { afterEach, describe, expect, jest, test } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { finishProcessing, mediaDb } from '../../mocks/mediaDb';
import { http } from '../../mocks/http';
import { server } from '../../mocks/server';
import { fill } from '../../test/fill';
import { field } from '../../test/queries';
import { renderApp, renderSection } from '../../test/renderApp';
import { signedInStore, videoFile } from '../../test/media';
import { storeDemoUserToken } from '../../test/session';
import { PROCESSING_POLL_MS } from './VideosStore';
import { mineList } from './types';

async function openYourVideos() {
  storeDemoUserToken();
  const app = await renderSection('videos');
  await screen.findByRole('heading', { name: 'Your videos', level: 1 });
  return app;
}

const card = (title: string) => within(screen.getByRole('article', { name: title }));

/** Plays `video` from `from` to `to` seconds, in the time updates a browser fires (4 a second). */
function playThrough(video: HTMLVideoElement, from: number, to: number) {
  let time = from;
  Object.defineProperty(video, 'currentTime', { configurable: true, get: () => time });
  act(() => {
    for (time = from; time <= to; time += 0.25) fireEvent.timeUpdate(video);
  });
}

afterEach(() => {
  jest.useRealTimers();
});

describe('Your videos (seed 002 §2.5)', () => {
  test('only the user\'s own videos, in every state: none of other users, the processing and failed ones to their owner', async () => {
    const asked: (string | null)[] = [];
    server.use(
      http.get('/api/videos', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('mine'));
        return undefined;
      }),
    );
    const loom = mediaDb.videos.find((entry) => entry.title === 'Loom patterns, explained');
    if (loom) loom.baseLikes = 1430;
    await openYourVideos();

    const horizontal = within(await screen.findByRole('list', { name: 'Horizontal videos' }));
    const vertical = within(screen.getByRole('list', { name: 'Vertical videos' }));
    expect(horizontal.getAllByRole('article').map((item) => item.getAttribute('aria-label'))).toEqual([
      'Draft: Bernoulli numbers',
      'Broken export',
      'Notes on the Analytical Engine',
    ]);
    expect(vertical.getAllByRole('article').map((item) => item.getAttribute('aria-label'))).toEqual(['Loom patterns, explained']);
    // mira's public videos are on Home, not here.
    expect(screen.queryByRole('article', { name: 'Sunrise over the harbour' })).not.toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'City lights timelapse' })).not.toBeInTheDocument();
    expect(asked).toContain('true'); // (Home, opened first, asked for the public list)

    const notes = card('Notes on the Analytical Engine');
    expect(notes.getByText('Monetized')).toBeInTheDocument();
    expect(notes.getByText('Ad earnings: $12.75')).toBeInTheDocument();
    expect(notes.getByText('5,230 views')).toBeInTheDocument();
    expect(notes.getByText('How the mill and the store work together.')).toBeInTheDocument();
    expect(notes.getByRole('button', { name: /^Like / })).toHaveTextContent('342');
    expect(notes.getByLabelText('Notes on the Analytical Engine', { selector: 'video' })).toBeInTheDocument();

    const loomCard = card('Loom patterns, explained');
    expect(loomCard.queryByText('Monetized')).not.toBeInTheDocument();
    expect(loomCard.queryByText(/Ad earnings/)).not.toBeInTheDocument();
    expect(loomCard.getByText('1.4K')).toBeInTheDocument();

    const draft = card('Draft: Bernoulli numbers');
    expect(draft.getByRole('status', { name: 'Processing…' })).toBeInTheDocument();
    expect(draft.getByText('Processing')).toBeInTheDocument();
    expect(draft.queryByLabelText('Draft: Bernoulli numbers', { selector: 'video' })).not.toBeInTheDocument();
    const broken = card('Broken export');
    expect(broken.getByText('Processing failed')).toBeInTheDocument();
    expect(broken.getByText('The file is not a video: no audio or video stream was found')).toBeInTheDocument();
  });

  test('the orientation control asks the server for one kind of the user\'s own videos', async () => {
    const asked: { vertical: string | null; mine: string | null }[] = [];
    server.use(
      http.get('/api/videos', ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push({ vertical: query.get('is_vertical'), mine: query.get('mine') });
        return undefined;
      }),
    );
    const { user } = await openYourVideos();
    await screen.findByRole('list', { name: 'Horizontal videos' });

    await user.click(screen.getByRole('radio', { name: 'Vertical' }));

    await waitFor(() => expect(screen.queryByRole('list', { name: 'Horizontal videos' })).not.toBeInTheDocument());
    expect(within(screen.getByRole('list', { name: 'Vertical videos' })).getAllByRole('article')).toHaveLength(1);
    expect(asked).toContainEqual({ vertical: 'true', mine: 'true' });
  });

  test('the first play counts a view; every 15 s of playback is reported', async () => {
    await openYourVideos();
    const video = (await screen.findByLabelText('Notes on the Analytical Engine', { selector: 'video' })) as HTMLVideoElement;
    const record = mediaDb.videos.find((entry) => entry.title === 'Notes on the Analytical Engine');

    await act(() => video.play());
    expect(await card('Notes on the Analytical Engine').findByText('5,231 views')).toBeInTheDocument();

    playThrough(video, 0, 31);
    await waitFor(() => expect(mediaDb.watchSeconds[record?.id ?? '']).toBe(30));

    act(() => video.pause()); // the rest (1 s) goes with the pause
    await waitFor(() => expect(mediaDb.watchSeconds[record?.id ?? '']).toBe(31));

    await act(() => video.play()); // not a second view
    expect(record?.views).toBe(5231);
  });

  test('like toggles with the count the server gives', async () => {
    const { user } = await openYourVideos();
    const like = () => card('Notes on the Analytical Engine').getByRole('button', { name: /^Like / });
    await screen.findByRole('list', { name: 'Horizontal videos' });

    await user.click(like());
    await waitFor(() => expect(like()).toHaveAttribute('aria-pressed', 'true'));
    expect(like()).toHaveTextContent('343');

    await user.click(like());
    await waitFor(() => expect(like()).toHaveAttribute('aria-pressed', 'false'));
    expect(like()).toHaveTextContent('342');
  });

  test('while one of the user\'s videos is processing, the list is asked again every 5 s', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const { store } = await signedInStore();
    const stop = store.videos.watch(mineList('all'));
    await waitFor(() => expect(store.videos.lists[mineList('all')].status).toBe('ready'));
    const draft = () => store.videos.lists[mineList('all')].items.find((video) => video.title === 'Draft: Bernoulli numbers');
    expect(draft()?.status).toBe('processing');

    finishProcessing();
    await jest.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    await waitFor(() => expect(draft()?.status).toBe('ready'));
    stop();
  });
});

describe('the description on every card (seed 002 §2.5)', () => {
  test('horizontal and vertical cards in Your videos show the description (Home shows thumbnails, the watch page the description)', async () => {
    const loom = mediaDb.videos.find((entry) => entry.title === 'Loom patterns, explained');
    if (!loom) throw new Error('no demo video');
    loom.description = 'Punched cards drive the warp threads.';
    await openYourVideos();

    const horizontal = within(await screen.findByRole('list', { name: 'Horizontal videos' }));
    expect(within(horizontal.getByRole('article', { name: 'Notes on the Analytical Engine' })).getByText('How the mill and the store work together.')).toBeInTheDocument();
    const vertical = within(screen.getByRole('list', { name: 'Vertical videos' }));
    expect(within(vertical.getByRole('article', { name: 'Loom patterns, explained' })).getByText('Punched cards drive the warp threads.')).toBeInTheDocument();
  });
});

describe('Home (seed 002 §2.3)', () => {
  test('the upload banner, the Create & Upload card and the horizontal videos', async () => {
    const asked: (string | null)[] = [];
    server.use(
      http.get('/api/videos', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('mine'));
        return undefined;
      }),
    );
    storeDemoUserToken();
    const { user } = renderApp();

    const banner = within(await screen.findByRole('region', { name: 'Upload banner' }));
    expect(banner.getByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();
    const list = within(await screen.findByRole('list', { name: 'Horizontal videos' }));
    expect(list.getAllByRole('article').map((item) => item.getAttribute('aria-label'))).toEqual([
      'Draft: Bernoulli numbers',
      'Broken export',
      'Notes on the Analytical Engine',
      'Sunrise over the harbour',
    ]);
    expect(asked).not.toHaveLength(0);
    expect(asked.every((mine) => mine === null)).toBe(true); // the public list, not mine=true

    const create = within(screen.getByRole('region', { name: 'Create & Upload' }));
    await user.click(create.getByRole('button', { name: 'Create a short' }));
    expect(await screen.findByRole('heading', { name: 'Shorts', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Upload' })).toHaveAttribute('aria-selected', 'true');
  });

  test('the upload modal: file and title required, the 500MB text, then the list shows the new video processing', async () => {
    storeDemoUserToken();
    const { user } = renderApp();
    const banner = within(await screen.findByRole('region', { name: 'Upload banner' }));

    await user.click(banner.getByRole('button', { name: 'Upload video' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Upload video' }));
    expect(dialog.getByText('MP4, MOV, AVI up to 500MB')).toBeInTheDocument();
    expect(dialog.queryByRole('checkbox', { name: 'Vertical video' })).not.toBeInTheDocument();
    expect(dialog.getByRole('checkbox', { name: 'Enable monetization' })).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Please select a video file')).toBeInTheDocument();

    await user.upload(dialog.getByLabelText('Choose video file'), videoFile('engine.mp4', 700));
    await user.click(dialog.getByRole('button', { name: 'Upload' }));
    expect(await dialog.findByText('Please enter a title')).toBeInTheDocument();

    await fill(user, field(dialog, 'Title'), 'Difference engine');
    await user.click(dialog.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('Video uploaded successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload video' })).not.toBeInTheDocument());
    const list = within(screen.getByRole('list', { name: 'Horizontal videos' }));
    expect(await list.findByRole('article', { name: 'Difference engine' })).toBeInTheDocument();
    expect(card('Difference engine').getByText('Processing')).toBeInTheDocument();
  });

  test('the monetization checkbox shows only to creator-program users', async () => {
    storeDemoUserToken((user) => {
      user.creator_program = false;
    });
    const { user } = renderApp();
    const banner = within(await screen.findByRole('region', { name: 'Upload banner' }));

    await user.click(banner.getByRole('button', { name: 'Upload video' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Upload video' }));
    expect(dialog.queryByRole('checkbox', { name: 'Enable monetization' })).not.toBeInTheDocument();
  });
});
