import { describe, expect, test } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { findUserByIdentifier } from '../../mocks/db';
import { commentsDb } from '../../mocks/commentsDb';
import { errorBody, http } from '../../mocks/http';
import { mediaDb } from '../../mocks/mediaDb';
import { moderationDb } from '../../mocks/moderationDb';
import { server } from '../../mocks/server';
import { signInPath } from '../../shared/paths';
import { fill } from '../../test/fill';
import { renderApp, renderSection } from '../../test/renderApp';
import { storeDemoUserToken } from '../../test/session';
import { REPORT_MESSAGES } from './messages';
import { musicDb, resetMusicDb } from '../music/mocks';

const demoVideo = (title: string) => {
  const video = mediaDb.videos.find((entry) => entry.title === title);
  if (!video) throw new Error(`no demo video "${title}"`);
  return video;
};

/** Records each report the app sends (its multipart fields), then lets the mock server answer it. */
function recordReports(): Record<string, string>[] {
  const sent: Record<string, string>[] = [];
  server.use(
    http.post('/api/content/report', async ({ request }) => {
      const form = await request.clone().formData();
      const fields: Record<string, string> = {};
      form.forEach((value, key) => {
        fields[key] = String(value);
      });
      sent.push(fields);
      return undefined;
    }),
  );
  return sent;
}

/** The watch page of `title`, as ada unless `visitor`. */
async function watch(title: string, { visitor = false } = {}) {
  if (!visitor) storeDemoUserToken();
  const video = demoVideo(title);
  const app = renderApp({ route: `/videos/${video.id}` });
  await screen.findByRole('heading', { name: title, level: 1 });
  return { ...app, video };
}

const dialog = () => within(screen.getByRole('dialog', { name: 'Report content' }));

/** Makes a built-in track the demo user's (ada's) own upload. */
function ownTrack(title: string) {
  const ada = findUserByIdentifier('ada');
  const track = musicDb.tracks.find((entry) => entry.title === title);
  if (!ada || !track) throw new Error(`no demo user or track "${title}"`);
  track.userId = ada.user.id;
  return track;
}
const reportButton = () => screen.getByRole('button', { name: 'Report' });

describe('Report Content dialog (seed 000 §2, §4, §5, §8, §9)', () => {
  test('the dialog offers the seven reasons, and a reason is required before anything is sent', async () => {
    const sent = recordReports();
    const { user } = await watch('Sunrise over the harbour');

    await user.click(reportButton());
    expect(dialog().getByText(/You are reporting the video “Sunrise over the harbour”/)).toBeInTheDocument();
    expect(dialog().getAllByRole('radio')).toHaveLength(7);
    for (const label of ['Sexual content', 'Nudity', 'Inappropriate content', 'Spam or misleading', 'Violence', 'Harassment or bullying', 'Other']) {
      expect(dialog().getByRole('radio', { name: label })).toBeInTheDocument();
    }

    await user.click(dialog().getByRole('button', { name: 'Submit report' }));
    expect(dialog().getByText(REPORT_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.click(dialog().getByRole('radio', { name: 'Spam or misleading' }));
    expect(dialog().queryByText(REPORT_MESSAGES.reasonRequired)).not.toBeInTheDocument();
  });

  test('submitting holds the form; on success the message shows and the dialog closes, cleared; sent as multipart', async () => {
    const sent = recordReports();
    let release: () => void = () => {};
    server.use(
      http.post('/api/content/report', async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return undefined;
      }),
    );
    const { user, video } = await watch('Sunrise over the harbour');

    await user.click(reportButton());
    await user.click(dialog().getByRole('radio', { name: 'Spam or misleading' }));
    await fill(user, dialog().getByRole('textbox', { name: /Details/ }), '  The same clip every day.  ');
    await user.click(dialog().getByRole('button', { name: 'Submit report' }));

    await waitFor(() => expect(dialog().getByRole('button', { name: 'Cancel' })).toBeDisabled());
    expect(dialog().getByRole('radio', { name: 'Violence' })).toBeDisabled();
    expect(dialog().getByRole('button', { name: 'Submit report' })).toHaveAttribute('data-loading', 'true');
    release();

    expect(await screen.findByText(REPORT_MESSAGES.reported)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report content' })).not.toBeInTheDocument());
    expect(sent).toEqual([{ content_type: 'video', content_id: video.id, reason: 'spam', description: 'The same clip every day.' }]);
    expect(moderationDb.reports.some((r) => r.contentId === video.id && r.reason === 'spam')).toBe(true);

    await user.click(reportButton());
    expect(dialog().getByRole('radio', { name: 'Spam or misleading' })).not.toBeChecked();
    expect(dialog().getByRole('textbox', { name: /Details/ })).toHaveValue('');
  });

  test('a second report of the same content: "You have already reported this content", and the dialog closes', async () => {
    const { user, video } = await watch('Sunrise over the harbour');

    await user.click(reportButton());
    await user.click(dialog().getByRole('radio', { name: 'Violence' }));
    await user.click(dialog().getByRole('button', { name: 'Submit report' }));
    expect(await screen.findByText(REPORT_MESSAGES.reported)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report content' })).not.toBeInTheDocument());

    await user.click(reportButton());
    await user.click(dialog().getByRole('radio', { name: 'Other' }));
    await user.click(dialog().getByRole('button', { name: 'Submit report' }));

    expect(await screen.findByText(REPORT_MESSAGES.alreadyReported)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report content' })).not.toBeInTheDocument());
    expect(moderationDb.reports.filter((r) => r.contentId === video.id).map((r) => r.reason)).toEqual(['violence']);
  });

  test('any other failure: "Failed to submit report. Please try again.", the dialog stays open with what was entered', async () => {
    server.use(
      http.post('/api/content/report', () =>
        HttpResponse.json(errorBody(500, 'INTERNAL', 'Something broke'), { status: 500 }),
      ),
    );
    const { user } = await watch('Sunrise over the harbour');

    await user.click(reportButton());
    await user.click(dialog().getByRole('radio', { name: 'Harassment or bullying' }));
    await fill(user, dialog().getByRole('textbox', { name: /Details/ }), 'Mocking a viewer');
    await user.click(dialog().getByRole('button', { name: 'Submit report' }));

    expect(await screen.findByText(REPORT_MESSAGES.failed)).toBeInTheDocument();
    expect(dialog().getByRole('radio', { name: 'Harassment or bullying' })).toBeChecked();
    expect(dialog().getByRole('textbox', { name: /Details/ })).toHaveValue('Mocking a viewer');
    expect(dialog().getByRole('button', { name: 'Submit report' })).toBeEnabled();
  });

  test('a 400 about something else (your own content) is a failure too; a network error as well', async () => {
    server.use(
      http.post('/api/content/report', () => HttpResponse.json(errorBody(400, 'MODERATION.OWN_CONTENT', 'You cannot report your own content'), { status: 400 })),
    );
    const { user } = await watch('Sunrise over the harbour');
    await user.click(reportButton());
    await user.click(dialog().getByRole('radio', { name: 'Nudity' }));
    await user.click(dialog().getByRole('button', { name: 'Submit report' }));
    expect(await screen.findByText(REPORT_MESSAGES.failed)).toBeInTheDocument();

    let calls = 0;
    server.use(
      http.post('/api/content/report', () => {
        calls += 1;
        return HttpResponse.error();
      }),
    );
    await user.click(dialog().getByRole('button', { name: 'Submit report' }));
    await waitFor(() => expect(calls).toBe(1));
    await waitFor(() => expect(dialog().getByRole('button', { name: 'Submit report' })).toBeEnabled());
    // The new toast replaces the first (which is still fading out).
    expect(screen.getAllByText(REPORT_MESSAGES.failed).length).toBeGreaterThan(0);
  });

  test('an expired session (401) says "Please login to report content"', async () => {
    server.use(
      http.post('/api/content/report', () =>
        HttpResponse.json(errorBody(401, 'MODERATION.LOGIN_REQUIRED', REPORT_MESSAGES.loginRequired), { status: 401 }),
      ),
    );
    const { user } = await watch('Sunrise over the harbour');
    await user.click(reportButton());
    await user.click(dialog().getByRole('radio', { name: 'Spam or misleading' }));
    await user.click(dialog().getByRole('button', { name: 'Submit report' }));
    expect(await screen.findByText(REPORT_MESSAGES.loginRequired)).toBeInTheDocument();
  });

  test('Cancel closes without sending', async () => {
    const sent = recordReports();
    const { user } = await watch('Sunrise over the harbour');
    await user.click(reportButton());
    await user.click(dialog().getByRole('radio', { name: 'Spam or misleading' }));
    await user.click(dialog().getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report content' })).not.toBeInTheDocument());
    expect(sent).toHaveLength(0);
  });

  test('a visitor who clicks Report is told to log in and taken to sign in, coming back here afterwards', async () => {
    const { user, video } = await watch('Sunrise over the harbour', { visitor: true });

    await user.click(reportButton());

    expect(await screen.findByText(REPORT_MESSAGES.loginRequired)).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe(signInPath(`/videos/${video.id}`));
    expect(screen.queryByRole('dialog', { name: 'Report content' })).not.toBeInTheDocument();
  });

  test("the watch page's report takes the player's time, which can be changed or cleared", async () => {
    const sent = recordReports();
    const video = demoVideo('Sunrise over the harbour');
    video.duration_seconds = 600;
    const { user } = await watch('Sunrise over the harbour');
    const player = screen.getByLabelText('Sunrise over the harbour', { selector: 'video' }) as HTMLVideoElement;
    player.currentTime = 83.6;

    await user.click(reportButton());
    const at = dialog().getByRole('textbox', { name: /At \(optional\)/ });
    expect(at).toHaveValue('1:23');
    await user.click(dialog().getByRole('radio', { name: 'Violence' }));

    // A time the dialog cannot read, or past the end, is refused before sending.
    await fill(user, at, 'soon');
    await user.click(dialog().getByRole('button', { name: 'Submit report' }));
    expect(dialog().getByText(REPORT_MESSAGES.badTime)).toBeInTheDocument();
    await fill(user, at, '12:00');
    await user.click(dialog().getByRole('button', { name: 'Submit report' }));
    expect(dialog().getByText(REPORT_MESSAGES.timePastEnd('10:00'))).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await fill(user, at, '1:20');
    await user.click(dialog().getByRole('button', { name: 'Submit report' }));
    expect(await screen.findByText(REPORT_MESSAGES.reported)).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ content_type: 'video', reason: 'violence', timestamp_seconds: '80' });
  });

  test('no Report on your own video; the watch page of your own video has none', async () => {
    await watch('Notes on the Analytical Engine');
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
  });
});

describe('Report controls across the app', () => {
  test("a track's page offers Report on others' tracks, and the admin queue then has the case as reported", async () => {
    resetMusicDb();
    const sent = recordReports();
    storeDemoUserToken();
    const track = musicDb.tracks.find((entry) => entry.title === 'Circuit Bloom');
    const { user } = renderApp({ route: `/music/tracks/${track?.id}` });
    await screen.findByRole('heading', { name: 'Circuit Bloom', level: 1 });

    await user.click(screen.getByRole('button', { name: 'Report' }));
    expect(dialog().getByText(/You are reporting the track “Circuit Bloom” by Vela/)).toBeInTheDocument();
    await user.click(dialog().getByRole('radio', { name: 'Spam or misleading' }));
    await user.click(dialog().getByRole('button', { name: 'Submit report' }));
    expect(await screen.findByText(REPORT_MESSAGES.reported)).toBeInTheDocument();
    expect(sent).toEqual([{ content_type: 'track', content_id: track?.id, reason: 'spam', description: '' }]);
    expect(moderationDb.cases.some((item) => item.contentType === 'track' && item.contentId === track?.id && item.snapshot.title === 'Circuit Bloom')).toBe(true);
  });

  test("no Report on your own track's page", async () => {
    resetMusicDb();
    storeDemoUserToken();
    const own = ownTrack('Dust Road');
    renderApp({ route: `/music/tracks/${own.id}` });
    await screen.findByRole('heading', { name: 'Dust Road', level: 1 });
    expect(screen.getByRole('button', { name: /Like Dust Road/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
  });

  test("the music library's rows offer Report on others' tracks only", async () => {
    resetMusicDb();
    storeDemoUserToken();
    ownTrack('Dust Road');
    await renderSection('music');
    const own = await screen.findByRole('listitem', { name: 'Dust Road' });
    expect(within(own).queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Lanterns' })).getByRole('button', { name: 'Report' })).toBeInTheDocument();
  });

  test("a comment's menu offers Report on others' comments only", async () => {
    const sent = recordReports();
    const { user } = await watch('Sunrise over the harbour');
    const comments = within(await screen.findByRole('region', { name: 'Comments' }));
    const byAuthor = (author: string) => within(comments.getAllByRole('article', { name: `Comment by ${author}` })[0]);
    await comments.findAllByRole('article');

    await user.click(byAuthor('ada').getByRole('button', { name: 'More actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Report' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(byAuthor('sam_sails').getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Report' }));
    expect(dialog().getByText(/You are reporting @sam_sails's comment/)).toBeInTheDocument();
    // A comment has no time to point at.
    expect(dialog().queryByRole('textbox', { name: /At \(optional\)/ })).not.toBeInTheDocument();
    await user.click(dialog().getByRole('radio', { name: 'Harassment or bullying' }));
    await user.click(dialog().getByRole('button', { name: 'Submit report' }));

    expect(await screen.findByText(REPORT_MESSAGES.reported)).toBeInTheDocument();
    const sam = commentsDb.comments.find((c) => c.username === 'sam_sails' && c.content.startsWith('I can almost smell'));
    expect(sent).toEqual([{ content_type: 'comment', content_id: sam?.id, reason: 'harassment', description: '' }]);
  });

  test("a channel's page offers Report (by the channel's account id), never on your own channel", async () => {
    const sent = recordReports();
    storeDemoUserToken();
    const mira = findUserByIdentifier('mira');
    const { user } = renderApp({ route: '/c/mira' });
    await screen.findByRole('heading', { name: 'mira', level: 1 });

    await user.click(screen.getByRole('button', { name: 'Report' }));
    expect(dialog().getByText(/You are reporting the channel mira \(@mira\)/)).toBeInTheDocument();
    await user.click(dialog().getByRole('radio', { name: 'Other' }));
    await fill(user, dialog().getByRole('textbox', { name: /Details/ }), 'Impersonation');
    await user.click(dialog().getByRole('button', { name: 'Submit report' }));
    expect(await screen.findByText(REPORT_MESSAGES.reported)).toBeInTheDocument();
    expect(sent).toEqual([{ content_type: 'user', content_id: mira?.user.active_account_id, reason: 'other', description: 'Impersonation' }]);
  });

  test('your own channel has no Report', async () => {
    storeDemoUserToken();
    renderApp({ route: '/c/ada' });
    await screen.findByRole('heading', { name: 'ada', level: 1 });
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
  });

  test("a movie's page offers Report on others' movies, with the player's time; not on your own", async () => {
    const sent = recordReports();
    storeDemoUserToken();
    const movie = mediaDb.movies.find((m) => m.title === 'The Lighthouse Keeper');
    const { user } = renderApp({ route: `/movies/${movie?.id}` });
    await screen.findByRole('heading', { name: 'The Lighthouse Keeper', level: 1 });
    const player = screen.getByLabelText('The Lighthouse Keeper', { selector: 'video' }) as HTMLVideoElement;
    player.currentTime = 61;

    await user.click(screen.getByRole('button', { name: 'Report' }));
    expect(dialog().getByRole('textbox', { name: /At \(optional\)/ })).toHaveValue('1:01');
    await user.click(dialog().getByRole('radio', { name: 'Nudity' }));
    await user.click(dialog().getByRole('button', { name: 'Submit report' }));
    expect(await screen.findByText(REPORT_MESSAGES.reported)).toBeInTheDocument();
    expect(sent).toEqual([{ content_type: 'movie', content_id: movie?.id, reason: 'nudity', description: '', timestamp_seconds: '61' }]);
  });

  test('your own movie has no Report', async () => {
    storeDemoUserToken();
    const movie = mediaDb.movies.find((m) => m.title === 'Paper Boats');
    renderApp({ route: `/movies/${movie?.id}` });
    await screen.findByRole('heading', { name: 'Paper Boats', level: 1 });
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
  });

  test("the Shorts viewer offers Report on others' reels", async () => {
    const sent = recordReports();
    storeDemoUserToken();
    const harbour = mediaDb.reels.find((r) => r.title === 'Harbour in 15 seconds');
    const { user } = renderApp({ route: `/reels/${harbour?.id}` });
    const viewer = within(await screen.findByRole('dialog', { name: 'Reels viewer' }));
    await viewer.findByRole('group', { name: /^Harbour in 15 seconds/ });

    await user.click(viewer.getByRole('button', { name: 'Report' }));
    expect(dialog().getByText(/You are reporting the short “Harbour in 15 seconds”/)).toBeInTheDocument();
    await user.click(dialog().getByRole('radio', { name: 'Spam or misleading' }));
    await user.click(dialog().getByRole('button', { name: 'Submit report' }));
    expect(await screen.findByText(REPORT_MESSAGES.reported)).toBeInTheDocument();
    expect(sent).toEqual([{ content_type: 'reel', content_id: harbour?.id, reason: 'spam', description: '' }]);
  });

  test('your own reel has no Report in the Shorts viewer', async () => {
    storeDemoUserToken();
    const own = mediaDb.reels.find((r) => r.title === 'Punch cards at work');
    renderApp({ route: `/reels/${own?.id}` });
    const viewer = within(await screen.findByRole('dialog', { name: 'Reels viewer' }));
    await viewer.findByRole('group', { name: /^Punch cards at work/ });
    expect(viewer.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(viewer.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
  });

  test("a video card's flag reports the video; your own cards have none", async () => {
    const sent = recordReports();
    storeDemoUserToken();
    const harbour = demoVideo('Sunrise over the harbour');
    const { user, store } = await renderSection('videos');
    const own = within(await screen.findByRole('article', { name: 'Notes on the Analytical Engine' }));
    expect(own.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(own.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();

    await act(() => store.videos.openById(harbour.id));
    const card = within(await screen.findByRole('article', { name: 'Sunrise over the harbour' }));
    await user.click(card.getByRole('button', { name: 'Report' }));
    await user.click(dialog().getByRole('radio', { name: 'Violence' }));
    await user.click(dialog().getByRole('button', { name: 'Submit report' }));
    expect(await screen.findByText(REPORT_MESSAGES.reported)).toBeInTheDocument();
    expect(sent).toEqual([{ content_type: 'video', content_id: harbour.id, reason: 'violence', description: '' }]);
  });
});
