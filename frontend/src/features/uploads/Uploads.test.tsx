import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { act, render, screen, within } from '@testing-library/react';
import { mediaDb } from '../../mocks/mediaDb';
import { errorBody, http } from '../../mocks/http';
import { server } from '../../mocks/server';
import { fill } from '../../test/fill';
import { field } from '../../test/queries';
import { renderApp } from '../../test/renderApp';
import { fakeVideoFile, fileFacts, signedInStore, videoFile } from '../../test/media';
import { storeDemoUserToken } from '../../test/session';
import { QUICK_UPLOAD_MAX_BYTES } from '../videos/messages';
import { AppProviders } from '../../app/AppProviders';
import { UploadStatusPanel } from './components/UploadStatusPanel';

async function openSection(name: 'Uploads' | 'Editor Studio') {
  storeDemoUserToken();
  const app = renderApp({ section: name === 'Uploads' ? 'video-upload' : 'editor' });
  await screen.findByRole('heading', { name, level: 1 });
  return app;
}

const status = () => within(screen.getByRole('region', { name: 'Upload status' }));

beforeEach(() => {
  mediaDb.config.chunkSize = 1024;
});

afterEach(() => {
  jest.useRealTimers();
});

describe('upload section', () => {
  test('large file upload: the file name is the default title, Start Upload needs a title, then chunks to Completed', async () => {
    const { user } = await openSection('Uploads');
    expect(screen.getByRole('tab', { name: 'Large file upload' })).toHaveAttribute('aria-selected', 'true');
    expect(status().getByText('Idle')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Upload' })).toBeDisabled();

    await user.upload(screen.getByLabelText('Choose video file'), videoFile('harbour.mp4', 2500));
    expect(field(screen, 'Title')).toHaveValue('harbour');
    await user.clear(field(screen, 'Title'));
    expect(screen.getByRole('button', { name: 'Start Upload' })).toBeDisabled();
    await fill(user, field(screen, 'Title'), 'Harbour at dawn');
    await user.click(screen.getByRole('checkbox', { name: 'Vertical video' }));
    await user.click(screen.getByRole('button', { name: 'Start Upload' }));

    expect(await screen.findByText('Upload initialized: 3 chunks to send')).toBeInTheDocument();
    expect(await screen.findByText('Video uploaded successfully!')).toBeInTheDocument();
    expect(status().getByText('Completed')).toBeInTheDocument();
    expect(status().getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '100');
    expect(status().getByText(/3 of 3 chunks/)).toBeInTheDocument();
    expect(mediaDb.videos.find((video) => video.title === 'Harbour at dawn')).toMatchObject({ is_vertical: true });

    await user.click(status().getByRole('button', { name: 'Upload Another' }));
    expect(status().getByText('Idle')).toBeInTheDocument();
    expect(field(screen, 'Title')).toHaveValue('');
  });

  test('while a busy chunk waits for its Retry-After, the status panel says it is waiting, not failing', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    let attempts = 0;
    server.use(
      http.post('/api/videos/upload/chunk/{sessionId}', ({ response }) => {
        attempts += 1;
        if (attempts > 1) return undefined;
        return response(429).json(errorBody(429, 'UPLOAD.BUSY', 'Too many chunks of this upload are being sent at once'), {
          headers: { 'Retry-After': '1' },
        });
      }),
    );
    const { store } = await signedInStore();
    render(
      <AppProviders store={store} env="test">
        <UploadStatusPanel />
      </AppProviders>,
    );
    store.upload.selectFile(videoFile('harbour.mp4', 2500));
    let started!: Promise<boolean>;
    act(() => {
      started = store.upload.start();
    });
    for (let step = 0; step < 1000 && attempts === 0; step += 1) await act(() => jest.advanceTimersByTimeAsync(1));
    await act(() => jest.advanceTimersByTimeAsync(100));

    expect(status().getByText('Uploading')).toBeInTheDocument();
    expect(status().getByText('The server is busy with this upload: chunk 1 of 3 will be sent again in 1 second…')).toBeInTheDocument();
    expect(status().queryByRole('alert')).toBeNull();

    await act(() => jest.advanceTimersByTimeAsync(2000));
    expect(await started).toBe(true);
    expect(status().getByText('Completed')).toBeInTheDocument();
  });

  test('the small file upload sends the form in one request', async () => {
    const { user } = await openSection('Uploads');
    await user.click(screen.getByRole('tab', { name: 'Small file upload' }));
    const form = within(screen.getByRole('form', { name: 'Upload a video' }));

    await user.click(form.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Please select a video file')).toBeInTheDocument();

    await user.upload(form.getByLabelText('Choose video file'), videoFile('loom.mp4', 800));
    await user.click(form.getByRole('button', { name: 'Upload' }));
    expect(await form.findByText('Please enter a title')).toBeInTheDocument();

    await user.type(field(form, 'Title'), 'Loom');
    await user.click(form.getByRole('checkbox', { name: 'Vertical video' }));
    await user.click(form.getByRole('checkbox', { name: 'Enable monetization' }));
    await user.click(form.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('Video uploaded successfully!')).toBeInTheDocument();
    expect(mediaDb.videos.find((video) => video.title === 'Loom')).toMatchObject({
      is_vertical: true,
      monetization_enabled: true,
      status: 'processing',
    });
    expect(field(form, 'Title')).toHaveValue('');
  });

  test('a refused upload says "Upload failed: " and the server detail', async () => {
    const { user } = await openSection('Uploads');
    await user.click(screen.getByRole('tab', { name: 'Small file upload' }));
    const form = within(screen.getByRole('form', { name: 'Upload a video' }));
    await user.upload(form.getByLabelText('Choose video file'), fakeVideoFile('fake.mp4'));
    await user.type(field(form, 'Title'), 'Fake');
    await user.click(form.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('Upload failed: Please select a video file')).toBeInTheDocument();
  });

  test('the monetization checkbox shows only to creator-program users', async () => {
    storeDemoUserToken((user) => {
      user.creator_program = false;
    });
    const { user } = renderApp();
    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    await user.click(within(nav).getByRole('button', { name: 'Uploads' }));

    expect(screen.queryByRole('checkbox', { name: 'Enable monetization' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Small file upload' }));
    expect(screen.queryByRole('checkbox', { name: 'Enable monetization' })).not.toBeInTheDocument();
  });
});

describe('editor studio', () => {
  test('the Upload tab has the large and small uploads, and the recent uploads: the first 6 with View All and the count', async () => {
    const { user, store } = await openSection('Editor Studio');
    expect(screen.getByRole('tab', { name: 'Large file upload' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Small file upload' })).toBeInTheDocument();
    for (const tab of ['Upload', 'Timeline', 'Filters', 'Effects', 'Audio', 'Export']) {
      expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
    }

    const recent = within(screen.getByRole('region', { name: 'Recent uploads' }));
    expect(await recent.findByRole('button', { name: 'View All (4)' })).toBeInTheDocument();
    expect(recent.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual([
      'Draft: Bernoulli numbers',
      'Broken export',
      'Loom patterns, explained',
      'Notes on the Analytical Engine',
    ]);

    await act(async () => {
      for (let i = 0; i < 3; i += 1) {
        await store.videos.upload({ file: videoFile(`clip${i}.mp4`, 100), title: `Clip ${i}`, description: '', monetization_enabled: false });
      }
    });
    expect(await recent.findByRole('button', { name: 'View All (7)' })).toBeInTheDocument();
    expect(recent.getAllByRole('listitem')).toHaveLength(6);

    await user.click(recent.getByRole('button', { name: 'View All (7)' }));
    expect(await screen.findByRole('heading', { name: 'Your videos', level: 1 })).toBeInTheDocument();
  });

  test('Recent uploads counts only the user\'s own videos (mine=true), following the next cursor past the first page', async () => {
    const notes = mediaDb.videos.find((video) => video.title === 'Notes on the Analytical Engine');
    const sunrise = mediaDb.videos.find((video) => video.title === 'Sunrise over the harbour');
    if (!notes || !sunrise) throw new Error('no demo videos');
    const now = Date.now();
    // 120 public videos of mira, newer than all of ada's: none of them counts.
    for (let i = 0; i < 120; i += 1) {
      mediaDb.videos.push({ ...sunrise, id: `video-mira-${i}`, title: `Mira ${i}`, likedBy: [], created_at: new Date(now - i * 1000).toISOString() });
    }
    // 110 older videos of ada's: with hers, more than one page of 100.
    for (let i = 0; i < 110; i += 1) {
      mediaDb.videos.push({ ...notes, id: `video-ada-${i}`, title: `Old ${i}`, likedBy: [], created_at: new Date(Date.UTC(2024, 0, 1) + i * 1000).toISOString() });
    }
    const cursors: (string | null)[] = [];
    server.use(
      http.get('/api/videos', ({ request }) => {
        const query = new URL(request.url).searchParams;
        if (query.get('mine') === 'true') cursors.push(query.get('cursor'));
        return undefined;
      }),
    );
    await openSection('Editor Studio');

    const recent = within(screen.getByRole('region', { name: 'Recent uploads' }));
    expect(await recent.findByRole('button', { name: 'View All (114)' })).toBeInTheDocument();
    expect(recent.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual([
      'Draft: Bernoulli numbers',
      'Broken export',
      'Loom patterns, explained',
      'Notes on the Analytical Engine',
      'Old 109',
      'Old 108',
    ]);
    expect(cursors.slice(0, 2)).toEqual([null, '100']);
  });

  test('the quick upload takes a dropped file at once, titled with its name; over 1GB it is refused', async () => {
    const { user, store } = await openSection('Editor Studio');
    await user.click(screen.getByRole('tab', { name: 'Small file upload' }));

    await user.upload(screen.getByLabelText('Choose video file'), videoFile('sunset.final.mp4', 600));
    expect(await screen.findByText('Video uploaded successfully!')).toBeInTheDocument();
    expect(mediaDb.videos.some((video) => video.title === 'sunset.final')).toBe(true);

    const result = await act(() => store.videos.quickUpload(fileFacts('huge.mp4', QUICK_UPLOAD_MAX_BYTES + 1)));
    expect(result).toEqual({ ok: false, detail: 'File too large. Use chunked upload for files over 1GB.', field: 'file' });
    expect(await screen.findByText('File too large. Use chunked upload for files over 1GB.')).toBeInTheDocument();
  });

  test('the quick upload sends the file as "video" plus the title from its name; the other forms send "file"', async () => {
    const sent: { file: string[]; video: string[]; title: string }[] = [];
    server.use(
      http.post('/api/videos/upload', async ({ request }) => {
        const form = await request.clone().formData();
        const names = (name: string) => form.getAll(name).map((value) => (typeof value === 'string' ? value : value.name));
        sent.push({ file: names('file'), video: names('video'), title: String(form.get('title')) });
        return undefined;
      }),
    );
    const { store } = await signedInStore();

    expect((await store.videos.quickUpload(videoFile('sunset.final.mp4', 600))).ok).toBe(true);
    expect(
      (await store.videos.upload({ file: videoFile('harbour.mp4', 600), title: 'Harbour', description: '', monetization_enabled: false })).ok,
    ).toBe(true);

    expect(sent).toEqual([
      { file: [], video: ['sunset.final.mp4'], title: 'sunset.final' },
      { file: ['harbour.mp4'], video: [], title: 'Harbour' },
    ]);
  });
});
