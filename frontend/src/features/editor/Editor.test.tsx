import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorBody, http } from '../../mocks/http';
import { mediaDb } from '../../mocks/mediaDb';
import { server } from '../../mocks/server';
import { renderSection } from '../../test/renderApp';
import { storeDemoUserToken } from '../../test/session';
import { FEATURE_MESSAGES } from '../features/FeaturesStore';
import { resetMockFeatureFlags, setMockFeature } from '../features/mocks';
import { musicDb, resetMusicDb } from '../music/mocks';
import { SAVE_DEBOUNCE_MS } from './EditorStore';
import { editorDb, resetEditorDb } from './mocks';

const NOTES = 'Notes on the Analytical Engine';

// Each test takes about a second alone; several times that on a busy 2-core machine.
jest.setTimeout(30_000);

const notes = () => {
  const video = mediaDb.videos.find((entry) => entry.title === NOTES);
  if (!video) throw new Error('no demo video');
  return video;
};

/** The editor studio signed in as ada, on `tab`, with her "Notes on the Analytical Engine" (4 s, 320×180) open. */
async function openEditor(tab = 'Timeline') {
  storeDemoUserToken();
  const app = await renderSection('editor');
  await app.user.click(screen.getByRole('tab', { name: tab }));
  const picker = within(await screen.findByRole('region', { name: 'Pick a video to edit' }));
  await app.user.click(await picker.findByRole('button', { name: `Edit ${NOTES}` }));
  await screen.findByRole('heading', { name: NOTES, level: 2 });
  return app;
}

/** The clips as the Cuts list shows them. */
const clipRows = () =>
  within(screen.getByRole('list', { name: 'Clips' }))
    .getAllByRole('listitem')
    .map((row) => row.textContent?.replace(/Delete$/, ''));

/** Lets the debounced save go (fake timers), and waits until the line says Saved. */
async function letSave() {
  await act(async () => {
    jest.advanceTimersByTime(SAVE_DEBOUNCE_MS);
  });
  expect(await screen.findByText('Saved')).toBeInTheDocument();
}

/** Clicks the timeline track at `seconds` of the 4 s video (the track drawn 400 px wide). */
function clickTrackAt(seconds: number) {
  const track = screen.getByTestId('timeline-track');
  jest.spyOn(track, 'getBoundingClientRect').mockReturnValue({ left: 0, top: 0, width: 400, height: 72, right: 400, bottom: 72, x: 0, y: 0, toJSON: () => ({}) });
  fireEvent.click(track, { clientX: (seconds / 4) * 400 });
}

const useFakeClock = () => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });

beforeEach(() => {
  resetEditorDb();
  resetMusicDb();
});

afterEach(() => {
  jest.useRealTimers();
  resetMockFeatureFlags();
});

describe('editor studio', () => {
  test('the seed\'s tabs; without a video the editing tabs ask to pick one; picking one opens its session; Back returns', async () => {
    storeDemoUserToken();
    const { user } = await renderSection('editor');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(
      expect.arrayContaining(['Upload', 'Timeline', 'Filters', 'Effects', 'Audio', 'Export']),
    );
    expect(screen.getByRole('tab', { name: 'Upload' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('region', { name: 'Recent uploads' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Filters' }));
    const picker = within(await screen.findByRole('region', { name: 'Pick a video to edit' }));
    // Only ada's ready videos: not the one processing, not the failed one, not mira's.
    await waitFor(() =>
      expect(picker.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        expect.stringContaining('Loom patterns, explained'),
        expect.stringContaining(NOTES),
      ]),
    );

    await user.click(picker.getByRole('button', { name: `Edit ${NOTES}` }));
    expect(await screen.findByRole('heading', { name: NOTES, level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Save status' })).toHaveTextContent('Saved');
    expect(await screen.findByRole('img', { name: 'The frame at the playhead with Sepia' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Timeline' }));
    expect(await screen.findByRole('img', { name: `Filmstrip of ${NOTES}` })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Waveform' })).toBeInTheDocument();
    expect(clipRows()).toEqual(['Clip 1: 0:00.0 – 0:04.0 (4.0 s)']);
    expect(screen.getByLabelText('Editor player')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back to videos' }));
    expect(await screen.findByRole('region', { name: 'Pick a video to edit' })).toBeInTheDocument();
  });

  test('cutting: split at the playhead, move a cut handle with the keys; the save sends it; undo and redo', async () => {
    const { user } = await openEditor();
    clickTrackAt(1.5);
    expect(screen.getByLabelText('Playhead')).toHaveTextContent('Playhead 0:01.5');
    await user.click(screen.getByRole('button', { name: 'Split at playhead' }));
    expect(clipRows()).toEqual(['Clip 1: 0:00.0 – 0:01.5 (1.5 s)', 'Clip 2: 0:01.5 – 0:04.0 (2.5 s)']);

    useFakeClock();
    const handle = screen.getByRole('slider', { name: 'Clip 2 start' });
    handle.focus();
    for (let i = 0; i < 5; i += 1) await user.keyboard('{ArrowRight}');
    expect(handle).toHaveAttribute('aria-valuenow', '2');
    expect(clipRows()).toEqual(['Clip 1: 0:00.0 – 0:01.5 (1.5 s)', 'Clip 2: 0:02.0 – 0:04.0 (2.0 s)']);
    expect(screen.getByRole('status', { name: 'Save status' })).toHaveTextContent('Saving…');
    await letSave();
    expect(editorDb.saves).toHaveLength(1);
    expect(editorDb.saves[0]).toMatchObject({
      videoId: notes().id,
      version: 0,
      edit: { clips: [{ start: 0, end: 1.5 }, { start: 2, end: 4 }], filter: null, transition: null, texts: [], volume: 75, speed: 1, music: null },
    });

    // The five key presses on one handle are one step: undo goes back to the split.
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(clipRows()).toEqual(['Clip 1: 0:00.0 – 0:01.5 (1.5 s)', 'Clip 2: 0:01.5 – 0:04.0 (2.5 s)']);
    await letSave();
    expect(editorDb.saves[1]).toMatchObject({ version: 1, edit: { clips: [{ start: 0, end: 1.5 }, { start: 1.5, end: 4 }] } });

    await user.keyboard('{Control>}z{/Control}');
    expect(clipRows()).toEqual(['Clip 1: 0:00.0 – 0:04.0 (4.0 s)']);
    await user.keyboard('{Control>}{Shift>}Z{/Shift}{/Control}');
    expect(clipRows()).toEqual(['Clip 1: 0:00.0 – 0:01.5 (1.5 s)', 'Clip 2: 0:01.5 – 0:04.0 (2.5 s)']);
    await user.click(screen.getByRole('button', { name: 'Delete clip 1' }));
    expect(clipRows()).toEqual(['Clip 1: 0:01.5 – 0:04.0 (2.5 s)']);
    expect(screen.getByRole('button', { name: 'Delete clip 1' })).toBeDisabled();
    await letSave();
    expect(editorDb.saves.at(-1)).toMatchObject({ version: 2, edit: { clips: [{ start: 1.5, end: 4 }] } });
  });

  test('Preview renders the range around the playhead and plays it; a refusal is shown', async () => {
    const { user } = await openEditor();
    const previews: unknown[] = [];
    server.use(
      http.post('/api/editor/videos/{id}/preview', async ({ request }) => {
        previews.push(await request.clone().json());
        return undefined;
      }),
    );
    const panel = within(screen.getByRole('region', { name: 'Preview' }));
    expect(panel.getByText(/Renders 0:00\.0 – 0:04\.0 of the edited video/)).toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByLabelText('Preview player')).toBeInTheDocument();
    expect(screen.getByText('Preview of 0:00.0–0:04.0')).toBeInTheDocument();
    expect(previews).toEqual([{ edit: expect.objectContaining({ clips: [{ start: 0, end: 4 }] }), from: 0, to: 4 }]);
    await user.click(screen.getByRole('button', { name: 'Back to the video' }));
    expect(screen.getByLabelText('Editor player')).toBeInTheDocument();

    server.use(
      http.post('/api/editor/videos/{id}/preview', ({ response }) =>
        response.untyped(new Response(JSON.stringify(errorBody(429, 'RATE_LIMITED', 'Too many previews: try again in a minute')), { status: 429, headers: { 'Content-Type': 'application/json' } })),
      ),
    );
    await user.click(panel.getByRole('button', { name: 'Preview' }));
    expect(await panel.findByRole('alert')).toHaveTextContent('Too many previews: try again in a minute');
  });

  test('a filter tile shows the frame with that filter; clicking it sets the filter, which is saved', async () => {
    const frames: string[] = [];
    server.use(
      http.get('/api/editor/videos/{id}/frame', ({ request }) => {
        frames.push(new URL(request.url).search);
        return undefined;
      }),
    );
    const { user } = await openEditor('Filters');
    for (const name of ['None', 'Vintage', 'Black & White', 'Sepia', 'Vibrant', 'Cool', 'Warm', 'Dramatic', 'Soft']) {
      expect(await screen.findByRole('button', { name })).toBeInTheDocument();
    }
    expect(await screen.findByRole('img', { name: 'The frame at the playhead with Black & White' })).toBeInTheDocument();
    expect(frames).toEqual(expect.arrayContaining(['?at=0', '?at=0&filter=Sepia', '?at=0&filter=Black%20%26%20White']));
    expect(screen.getByRole('button', { name: 'None' })).toHaveAttribute('aria-pressed', 'true');

    useFakeClock();
    await user.click(screen.getByRole('button', { name: 'Sepia' }));
    expect(screen.getByRole('button', { name: 'Sepia' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'None' })).toHaveAttribute('aria-pressed', 'false');
    await letSave();
    expect(editorDb.saves.at(-1)?.edit.filter).toBe('Sepia');
  });

  test('Effects: Add Title adds a text at the playhead for 3 s, editable and removable; the transition is chosen', async () => {
    const { user } = await openEditor('Effects');
    expect(screen.getByText('No text yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Title' }));
    const title = within(screen.getByRole('region', { name: 'Title 1' }));
    expect(title.getByRole('textbox', { name: 'Text' })).toHaveValue('Title');
    expect(title.getByRole('textbox', { name: 'Start (s)' })).toHaveValue('0');
    expect(title.getByRole('textbox', { name: 'End (s)' })).toHaveValue('3');

    useFakeClock();
    fireEvent.change(title.getByRole('textbox', { name: 'Text' }), { target: { value: 'Ada\'s "engine": a\\b' } });
    await user.click(screen.getByRole('radio', { name: 'Fade' }));
    await letSave();
    expect(editorDb.saves.at(-1)?.edit).toMatchObject({
      transition: 'Fade',
      texts: [{ kind: 'title', text: 'Ada\'s "engine": a\\b', start: 0, end: 3, position: 'center' }],
    });

    await user.click(screen.getByRole('button', { name: 'Add Caption' }));
    expect(within(screen.getByRole('region', { name: 'Caption 1' })).getByRole('textbox', { name: 'Text' })).toHaveValue('Caption');
    await user.click(screen.getByRole('button', { name: 'Remove Title 1' }));
    expect(screen.queryByRole('region', { name: 'Title 1' })).not.toBeInTheDocument();
    await letSave();
    expect(editorDb.saves.at(-1)?.edit.texts).toEqual([{ kind: 'caption', text: 'Caption', start: 0, end: 3, position: 'bottom' }]);
  });

  test('Audio: volume and speed sliders, and the first 5 tracks with Add; an added track is saved with its volume', async () => {
    const { user } = await openEditor('Audio');
    expect(screen.getByRole('slider', { name: 'Volume' })).toHaveAttribute('aria-valuenow', '75');
    expect(screen.getByText(/75 keeps the original level/)).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Speed' })).toHaveAttribute('aria-valuenow', '1');
    const list = within(await screen.findByRole('list', { name: 'Music tracks' }));
    expect(list.getAllByRole('listitem').map((row) => row.getAttribute('aria-label'))).toEqual([
      'Morning Tide',
      'Salt and Glass',
      'Lanterns',
      'Circuit Bloom',
      'Blue Note Avenue',
    ]);

    useFakeClock();
    await user.click(list.getByRole('button', { name: 'Add Lanterns' }));
    const row = within(list.getByRole('listitem', { name: 'Lanterns' }));
    expect(row.getByText('Added')).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Remove Lanterns' })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Music volume' })).toHaveAttribute('aria-valuenow', '30');
    act(() => screen.getByRole('slider', { name: 'Speed' }).focus());
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('slider', { name: 'Speed' })).toHaveAttribute('aria-valuenow', '1.5');
    await letSave();
    const lanterns = musicDb.tracks.find((track) => track.title === 'Lanterns')!;
    expect(editorDb.saves.at(-1)?.edit).toMatchObject({ music: { track_id: lanterns.id, volume: 30 }, speed: 1.5, volume: 75 });
  });

  test('Export: tiles above the video\'s height are disabled and say why; an export runs to done with the new video\'s link', async () => {
    const { user } = await openEditor('Export');
    for (const tile of ['1080p', '4K']) {
      expect(screen.getByRole('button', { name: tile })).toBeDisabled();
      expect(screen.getByText(`Your video is 180p: ${tile} would upscale it`)).toBeInTheDocument();
    }
    expect(screen.getByText('This video has not been exported yet.')).toBeInTheDocument();

    useFakeClock();
    await user.click(screen.getByRole('button', { name: '720p' }));
    await user.click(screen.getByRole('button', { name: 'Export at 720p' }));
    const progress = within(await screen.findByRole('region', { name: 'Export progress' }));
    expect(progress.getByText('Waiting to start…')).toBeInTheDocument();

    await act(async () => {
      jest.advanceTimersByTime(3000);
    });
    await waitFor(() => expect(progress.getByText('Rendering: 50%')).toBeInTheDocument());
    expect(progress.getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute('aria-valuenow', '50');
    expect(progress.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

    await act(async () => {
      jest.advanceTimersByTime(4000);
    });
    const link = await progress.findByRole('link', { name: 'Open the new video' });
    const created = mediaDb.videos.find((video) => video.title === `${NOTES} (edited)`);
    expect(created).toBeDefined();
    expect(link).toHaveAttribute('href', `/videos/${created?.id}`);
    expect(within(screen.getByRole('list', { name: 'Exports' })).getByText('Done')).toBeInTheDocument();
    expect(notes().title).toBe(NOTES);
  });

  test('Cancel stops an export under way', async () => {
    const { user } = await openEditor('Export');
    await user.click(screen.getByRole('button', { name: '720p' }));
    await user.click(screen.getByRole('button', { name: 'Export at 720p' }));
    const progress = within(await screen.findByRole('region', { name: 'Export progress' }));
    await user.click(progress.getByRole('button', { name: 'Cancel' }));
    expect(await progress.findByText('Cancelled.')).toBeInTheDocument();
    expect(progress.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(mediaDb.videos.some((video) => video.title.endsWith('(edited)'))).toBe(false);
  });

  test('a draft saved elsewhere meanwhile: the save says so and offers the latest version, which Reload shows', async () => {
    const { user } = await openEditor('Effects');
    // Another tab saved a Warm filter since this one read the draft.
    const adaId = notes().userId;
    editorDb.drafts.set(`${notes().id}:${adaId}`, {
      version: 3,
      edit: { clips: [{ start: 0, end: 4 }], filter: 'Warm', transition: null, texts: [], volume: 60, speed: 1, music: null },
      updated_at: new Date().toISOString(),
    });

    useFakeClock();
    await user.click(screen.getByRole('button', { name: 'Add Caption' }));
    await act(async () => {
      jest.advanceTimersByTime(SAVE_DEBOUNCE_MS);
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This edit was changed elsewhere: reload it to get the latest version');
    await user.click(within(alert).getByRole('button', { name: 'Reload the latest version' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.getByText('No text yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Filters' }));
    expect(await screen.findByRole('button', { name: 'Warm' })).toHaveAttribute('aria-pressed', 'true');

    // Mine is one undo away, and saving it goes over the latest version.
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await letSave();
    expect(editorDb.saves.at(-1)).toMatchObject({ version: 3, edit: { filter: null, texts: [{ kind: 'caption' }] } });
  });

  test('a transition shortens the edit: a text running to the end is kept inside it, and the save goes through', async () => {
    const { user } = await openEditor();
    clickTrackAt(1.5);
    await user.click(screen.getByRole('button', { name: 'Split at playhead' }));
    await user.click(screen.getByRole('tab', { name: 'Effects' }));
    // 3 s from the playhead, moved back to end with the 4 s video: 1–4 s.
    await user.click(screen.getByRole('button', { name: 'Add Title' }));
    const title = within(screen.getByRole('region', { name: 'Title 1' }));
    expect(title.getByRole('textbox', { name: 'End (s)' })).toHaveValue('4');

    useFakeClock();
    await user.click(screen.getByRole('radio', { name: 'Fade' }));
    // The fade overlaps the two clips by 0.5 s: the edit lasts 3.5 s, and so does the title.
    expect(title.getByRole('textbox', { name: 'End (s)' })).toHaveValue('3.5');
    await letSave();
    expect(editorDb.saves.at(-1)?.edit).toMatchObject({ transition: 'Fade', texts: [{ kind: 'title', start: 1, end: 3.5 }] });
  });

  test('a vertical video counts its short side: 1080×1920 is 1080p, exported at 1080p, and 4K would upscale it', async () => {
    const video = notes();
    const { width, height } = video;
    Object.assign(video, { width: 1080, height: 1920 });
    try {
      const { user } = await openEditor('Export');
      expect(screen.getByText(/^1080p · /)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: '1080p' })).toBeEnabled();
      expect(screen.getByRole('button', { name: '4K' })).toBeDisabled();
      expect(screen.getByText('Your video is 1080p: 4K would upscale it')).toBeInTheDocument();
      // The picker counts it the same way.
      await user.click(screen.getByRole('button', { name: 'Back to videos' }));
      const picker = within(await screen.findByRole('region', { name: 'Pick a video to edit' }));
      expect(await picker.findByRole('button', { name: `Edit ${NOTES}` })).toHaveTextContent(/· 1080p$/);
    } finally {
      Object.assign(video, { width, height });
    }
  });

  test('a refused save shows the server\'s sentence; the editing tabs say when the editor is off', async () => {
    const { user, store } = await openEditor('Effects');
    server.use(
      http.put('/api/editor/videos/{id}/draft', ({ response }) =>
        response(400).json(errorBody(400, 'EDITOR.INVALID_EDIT', 'Text must not be empty', [{ field: 'texts[0].text', message: 'Text must not be empty' }])),
      ),
    );
    useFakeClock();
    await user.click(screen.getByRole('button', { name: 'Add Title' }));
    await act(async () => {
      jest.advanceTimersByTime(SAVE_DEBOUNCE_MS);
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Text must not be empty');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    jest.useRealTimers();

    setMockFeature('editor', false);
    await act(() => store.features.load());
    expect(await screen.findByText(FEATURE_MESSAGES.off)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Upload' }));
    expect(screen.getByRole('region', { name: 'Recent uploads' })).toBeInTheDocument();
  });
});
