import { describe, expect, jest, test } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { runInAction } from 'mobx';
import { mediaDb } from '../../mocks/mediaDb';
import { http } from '../../mocks/http';
import { server } from '../../mocks/server';
import { fill } from '../../test/fill';
import { field } from '../../test/queries';
import { renderApp, renderSection } from '../../test/renderApp';
import { videoFile } from '../../test/media';
import { storeDemoUserToken } from '../../test/session';

/** Signed in, on Shorts. */
async function openShorts() {
  storeDemoUserToken();
  const app = await renderSection('reels');
  await screen.findByRole('heading', { name: 'Shorts', level: 1 });
  return app;
}

const viewer = () => within(screen.getByRole('dialog', { name: 'Reels viewer' }));
const currentReel = () => viewer().getByRole('group', { name: /of \d+$/ }).getAttribute('aria-label');

/** The demo reels, newest first. */
const DEMO = ['One line of poetry', 'Latte art, slowly', 'Punch cards at work', 'Harbour in 15 seconds'];

describe('Shorts', () => {
  test('the header has Watch Reels with the count and Create Reel; Browse shows 9:16 cards with K/M likes', async () => {
    const { user } = await openShorts();

    expect(await screen.findByRole('button', { name: 'Watch Reels (4)' })).toBeEnabled();
    const grid = within(screen.getByRole('list', { name: 'Reels' }));
    expect(grid.getAllByRole('button').map((card) => card.getAttribute('aria-label'))).toEqual(DEMO.map((title) => `Watch ${title}`));
    const card = (title: string) => within(grid.getByRole('button', { name: `Watch ${title}` }).closest('[role="listitem"]') as HTMLElement);
    expect(card('Harbour in 15 seconds').getByText('2.3M')).toBeInTheDocument();
    expect(card('Punch cards at work').getByText('15.3K')).toBeInTheDocument();
    expect(card('Latte art, slowly').getByText('999')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create Reel' }));
    expect(screen.getByRole('tab', { name: 'Upload' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Keep it short: 60 seconds or less works best.')).toBeInTheDocument();
  });

  test('the viewer pages with ArrowDown/j and ArrowUp/k, plays and pauses with Space, starts muted', async () => {
    const { user } = await openShorts();
    await user.click(await screen.findByRole('button', { name: 'Watch Reels (4)' }));

    expect(currentReel()).toBe('One line of poetry, 1 of 4');
    expect(viewer().getByRole('button', { name: 'Unmute' })).toBeInTheDocument(); // muted at first
    expect((viewer().getByLabelText('One line of poetry') as HTMLVideoElement).muted).toBe(true);

    await user.keyboard('{ArrowDown}');
    expect(currentReel()).toBe('Latte art, slowly, 2 of 4');
    await user.keyboard('j');
    expect(currentReel()).toBe('Punch cards at work, 3 of 4');
    await user.keyboard('j');
    await user.keyboard('j'); // the last one stays
    expect(currentReel()).toBe('Harbour in 15 seconds, 4 of 4');
    await user.keyboard('{ArrowUp}');
    expect(currentReel()).toBe('Punch cards at work, 3 of 4');
    await user.keyboard('k');
    expect(currentReel()).toBe('Latte art, slowly, 2 of 4');

    expect(viewer().getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    await user.keyboard(' ');
    expect(viewer().getByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect((viewer().getByLabelText('Latte art, slowly') as HTMLVideoElement).paused).toBe(true);
    await user.keyboard(' ');
    expect(viewer().getByRole('button', { name: 'Pause' })).toBeInTheDocument();

    await user.click(viewer().getByRole('button', { name: 'Unmute' }));
    expect(viewer().getByRole('button', { name: 'Mute' })).toBeInTheDocument();
    expect((viewer().getByLabelText('Latte art, slowly') as HTMLVideoElement).muted).toBe(false);

    await user.click(viewer().getByRole('button', { name: 'Next reel' }));
    expect(currentReel()).toBe('Punch cards at work, 3 of 4');
    await user.click(viewer().getByRole('button', { name: 'Previous reel' }));
    expect(currentReel()).toBe('Latte art, slowly, 2 of 4');

    // A wheel pages once per gesture.
    const stage = viewer().getByRole('group', { name: /of 4$/ }).parentElement?.parentElement as HTMLElement;
    fireEvent.wheel(stage, { deltaY: 120 });
    fireEvent.wheel(stage, { deltaY: 120 });
    expect(currentReel()).toBe('Punch cards at work, 3 of 4');

    await user.click(viewer().getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('dialog', { name: 'Reels viewer' })).not.toBeInTheDocument();
  });

  test('the viewer starts muted each time it opens (seed 002 §2.6, §4)', async () => {
    const { user } = await openShorts();
    await user.click(await screen.findByRole('button', { name: 'Watch Reels (4)' }));
    await user.click(viewer().getByRole('button', { name: 'Unmute' }));
    expect((viewer().getByLabelText('One line of poetry') as HTMLVideoElement).muted).toBe(false);
    await user.click(viewer().getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('dialog', { name: 'Reels viewer' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Watch Latte art, slowly' }));
    expect(viewer().getByRole('button', { name: 'Unmute' })).toBeInTheDocument();
    expect((viewer().getByLabelText('Latte art, slowly') as HTMLVideoElement).muted).toBe(true);
  });

  test('a reel shows at most 5 hashtags, and its first play counts a view', async () => {
    const { user } = await openShorts();
    await user.click(await screen.findByRole('button', { name: 'Watch Punch cards at work' }));

    const tags = within(viewer().getByLabelText('Hashtags'));
    expect(tags.getAllByText(/^#/).map((tag) => tag.textContent)).toEqual(['#history', '#computing', '#looms', '#jacquard', '#engineering']);
    const reel = mediaDb.reels.find((entry) => entry.title === 'Punch cards at work');
    await screen.findByRole('button', { name: 'Pause' });
    expect(reel?.views).toBe(1);
  });

  test('like shows the server answer; a failure says "Failed to like reel"', async () => {
    const { user } = await openShorts();
    await user.click(await screen.findByRole('button', { name: 'Watch Reels (4)' }));

    await user.click(viewer().getByRole('button', { name: 'Like', pressed: false }));
    expect(await viewer().findByRole('button', { name: 'Like', pressed: true })).toBeInTheDocument();
    expect(viewer().getByText('13')).toBeInTheDocument();
    await user.click(viewer().getByRole('button', { name: 'Like', pressed: true }));
    expect(await viewer().findByText('12')).toBeInTheDocument();

    server.use(http.post('/api/reels/{id}/like', ({ response }) => response.untyped(new Response('', { status: 500 }))));
    await user.click(viewer().getByRole('button', { name: 'Like' }));
    expect(await screen.findByText('Failed to like reel')).toBeInTheDocument();
    expect(viewer().getByRole('button', { name: 'Like', pressed: false })).toBeInTheDocument();
  });

  test('the comments drawer lists, posts, refuses a blank comment, and says "Failed to post comment"', async () => {
    const { user } = await openShorts();
    await user.click(await screen.findByRole('button', { name: 'Watch Harbour in 15 seconds' }));

    await user.click(viewer().getByRole('button', { name: 'Comments' }));
    const drawer = within(viewer().getByRole('complementary', { name: 'Comments' }));
    expect(await drawer.findByText('I can smell the sea from here')).toBeInTheDocument();
    expect(drawer.getByText('Beautiful light!')).toBeInTheDocument();
    // Report is offered on other people's comments, never on the viewer's own (ada's: the server says which are theirs).
    const reportable = () => drawer.getAllByRole('button', { name: /^Report comment by / }).map((b) => b.getAttribute('aria-label'));
    expect(reportable()).toEqual(['Report comment by @sam_sails']);

    await user.type(drawer.getByRole('textbox', { name: 'Add a comment' }), 'j and k'); // typed here, they do not page
    expect(currentReel()).toBe('Harbour in 15 seconds, 4 of 4');
    await user.click(drawer.getByRole('button', { name: 'Post' }));
    expect(await drawer.findByText('j and k')).toBeInTheDocument();
    expect(reportable()).toEqual(['Report comment by @sam_sails']);
    expect(drawer.getByRole('textbox', { name: 'Add a comment' })).toHaveValue('');
    expect(viewer().getByText('3')).toBeInTheDocument(); // the count beside the button

    await user.type(drawer.getByRole('textbox', { name: 'Add a comment' }), '   ');
    await user.click(drawer.getByRole('button', { name: 'Post' }));
    expect(await drawer.findByText('Comment cannot be empty')).toBeInTheDocument();

    server.use(http.post('/api/reels/{id}/comments', ({ response }) => response.untyped(new Response('', { status: 500 }))));
    await user.clear(drawer.getByRole('textbox', { name: 'Add a comment' }));
    await fill(user, drawer.getByRole('textbox', { name: 'Add a comment' }), 'Second thought');
    await user.click(drawer.getByRole('button', { name: 'Post' }));
    expect(await drawer.findByText('Failed to post comment')).toBeInTheDocument();
    expect(screen.getAllByText('Failed to post comment')).toHaveLength(1); // in the drawer: no toast too
    expect(drawer.queryByText('Second thought', { selector: 'p' })).not.toBeInTheDocument();

    await user.click(drawer.getByRole('button', { name: 'Close comments' }));
    expect(viewer().queryByRole('complementary', { name: 'Comments' })).not.toBeInTheDocument();
  });

  test('comments come a page at a time, oldest first: Load more comments reads the next; a new one shows at once', async () => {
    const harbour = mediaDb.reels.find((reel) => reel.title === 'Harbour in 15 seconds');
    if (!harbour) throw new Error('no demo reel');
    const since = Date.now() - 3 * 3_600_000; // after the two demo comments
    for (let i = 1; i <= 43; i += 1) {
      const created_at = new Date(since + i * 1000).toISOString();
      mediaDb.comments.push({ id: `comment-extra-${i}`, reelId: harbour.id, userId: null, username: 'sam_sails', content: `Comment ${i}`, created_at });
    }
    const asked: { limit: string | null; cursor: string | null }[] = [];
    server.use(
      http.get('/api/reels/{id}/comments', ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push({ limit: query.get('limit'), cursor: query.get('cursor') });
        return undefined;
      }),
    );
    const { user } = await openShorts();
    await user.click(await screen.findByRole('button', { name: 'Watch Harbour in 15 seconds' }));
    expect(viewer().getByText('45')).toBeInTheDocument();
    await user.click(viewer().getByRole('button', { name: 'Comments' }));
    const drawer = within(viewer().getByRole('complementary', { name: 'Comments' }));
    const listed = () => within(drawer.getByRole('list', { name: 'Comment list' })).getAllByRole('listitem');

    expect(await drawer.findByText('I can smell the sea from here')).toBeInTheDocument();
    expect(listed()).toHaveLength(20);
    expect(drawer.getByText('Comment 18')).toBeInTheDocument();
    expect(drawer.queryByText('Comment 19')).not.toBeInTheDocument();

    await fill(user, drawer.getByRole('textbox', { name: 'Add a comment' }), 'Fresh from the harbour');
    await user.click(drawer.getByRole('button', { name: 'Post' }));
    expect(await drawer.findByText('Fresh from the harbour')).toBeInTheDocument();
    expect(listed()).toHaveLength(21);
    expect(listed().at(-1)).toHaveTextContent('Fresh from the harbour');

    await user.click(drawer.getByRole('button', { name: 'Load more comments' }));
    expect(await drawer.findByText('Comment 38')).toBeInTheDocument();
    expect(listed()).toHaveLength(41);
    expect(listed().at(-1)).toHaveTextContent('Fresh from the harbour'); // still after the pages read

    await user.click(drawer.getByRole('button', { name: 'Load more comments' }));
    expect(await drawer.findByText('Comment 43')).toBeInTheDocument();
    expect(listed()).toHaveLength(46); // the new comment, now on the last page, shows once
    expect(drawer.getAllByText('Fresh from the harbour')).toHaveLength(1);
    expect(listed().at(-1)).toHaveTextContent('Fresh from the harbour');
    expect(drawer.queryByRole('button', { name: 'Load more comments' })).not.toBeInTheDocument();

    expect(asked.map((entry) => entry.limit)).toEqual(['20', '20', '20']);
    expect(asked[0]?.cursor).toBeNull();
    expect(asked[1]?.cursor).toEqual(expect.any(String));
    expect(asked[2]?.cursor).toEqual(expect.any(String));
    expect(asked[2]?.cursor).not.toBe(asked[1]?.cursor);
  });

  test('a next page of comments that cannot be read says so, keeps those shown, and can be tried again', async () => {
    const harbour = mediaDb.reels.find((reel) => reel.title === 'Harbour in 15 seconds');
    if (!harbour) throw new Error('no demo reel');
    for (let i = 1; i <= 25; i += 1) {
      const created_at = new Date(Date.now() - 3 * 3_600_000 + i * 1000).toISOString();
      mediaDb.comments.push({ id: `comment-extra-${i}`, reelId: harbour.id, userId: null, username: 'sam_sails', content: `Comment ${i}`, created_at });
    }
    let failures = 1;
    server.use(
      http.get('/api/reels/{id}/comments', ({ request, response }) => {
        if (!new URL(request.url).searchParams.get('cursor') || failures === 0) return undefined;
        failures -= 1;
        return response.untyped(new Response('', { status: 500 }));
      }),
    );
    const { user } = await openShorts();
    await user.click(await screen.findByRole('button', { name: 'Watch Harbour in 15 seconds' }));
    await user.click(viewer().getByRole('button', { name: 'Comments' }));
    const drawer = within(viewer().getByRole('complementary', { name: 'Comments' }));
    expect(await drawer.findByText('Comment 18')).toBeInTheDocument();

    await user.click(drawer.getByRole('button', { name: 'Load more comments' }));
    expect(await drawer.findByText('More comments could not be loaded. Please try again.')).toBeInTheDocument();
    expect(drawer.getByText('Comment 18')).toBeInTheDocument();
    expect(drawer.queryByText('Comments could not be loaded. These are sample comments.')).not.toBeInTheDocument();

    await user.click(drawer.getByRole('button', { name: 'Load more comments' }));
    expect(await drawer.findByText('Comment 25')).toBeInTheDocument();
    expect(drawer.queryByText('More comments could not be loaded. Please try again.')).not.toBeInTheDocument();
    expect(drawer.queryByRole('button', { name: 'Load more comments' })).not.toBeInTheDocument();
  });

  test('comments that cannot be loaded show the sample comments, marked', async () => {
    server.use(http.get('/api/reels/{id}/comments', ({ response }) => response.untyped(new Response('', { status: 500 }))));
    const { user } = await openShorts();
    await user.click(await screen.findByRole('button', { name: 'Watch Harbour in 15 seconds' }));
    await user.click(viewer().getByRole('button', { name: 'Comments' }));

    const drawer = within(viewer().getByRole('complementary', { name: 'Comments' }));
    expect(await drawer.findByText('Comments could not be loaded. These are sample comments.')).toBeInTheDocument();
    expect(drawer.getAllByText('Sample')).toHaveLength(2);
  });

  test('Share copies {origin}/reels/{id} and says "Link copied to clipboard!"', async () => {
    const { user } = await openShorts();
    await user.click(await screen.findByRole('button', { name: 'Watch Latte art, slowly' }));

    const copy = jest.spyOn(navigator.clipboard, 'writeText');

    await user.click(viewer().getByRole('button', { name: 'Share' }));

    expect(await screen.findByText('Link copied to clipboard!')).toBeInTheDocument();
    const id = mediaDb.reels.find((reel) => reel.title === 'Latte art, slowly')?.id;
    expect(copy).toHaveBeenCalledWith(`${window.location.origin}/reels/${id}`);
  });

  test('a reel link opens the viewer on that reel; Back returns to /', async () => {
    const id = mediaDb.reels.find((reel) => reel.title === 'Punch cards at work')?.id;
    storeDemoUserToken();
    const { user } = renderApp({ route: `/reels/${id}` });

    expect(await screen.findByRole('group', { name: 'Punch cards at work, 3 of 4' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Shorts', level: 1 })).toBeInTheDocument();

    await user.click(viewer().getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.getByRole('heading', { name: 'Shorts', level: 1 })).toBeInTheDocument();
  });

  test('a reel link reads that reel by its id: no paging through the list, even when it is not on the first page', async () => {
    const harbour = mediaDb.reels.find((reel) => reel.title === 'Harbour in 15 seconds');
    const latte = mediaDb.reels.find((reel) => reel.title === 'Latte art, slowly');
    if (!harbour || !latte) throw new Error('no demo reels');
    const now = Date.now();
    for (let i = 0; i < 25; i += 1) {
      mediaDb.reels.push({ ...latte, id: `reel-extra-${i}`, title: `Extra ${i}`, likedBy: [], created_at: new Date(now - i * 1000).toISOString() });
    }
    const cursors: (string | null)[] = [];
    const read: string[] = [];
    server.use(
      http.get('/api/reels', ({ request }) => {
        cursors.push(new URL(request.url).searchParams.get('cursor'));
        return undefined;
      }),
      http.get('/api/reels/{id}', ({ params }) => {
        read.push(params.id);
        return undefined;
      }),
    );
    storeDemoUserToken();
    const { user } = renderApp({ route: `/reels/${harbour.id}` });

    // Shown first, before the first page of 20 the viewer pages on to.
    expect(await screen.findByRole('group', { name: 'Harbour in 15 seconds, 1 of 21' })).toBeInTheDocument();
    expect(viewer().getByText('Morning rush at the docks')).toBeInTheDocument();
    expect(read).toEqual([harbour.id]);
    expect(cursors).toEqual([null]);

    await user.keyboard('j');
    expect(currentReel()).toBe('Extra 0, 2 of 21');
  });

  test('a link to an unknown reel says "This reel is not available", with a way back to Shorts', async () => {
    storeDemoUserToken();
    const { user } = renderApp({ route: '/reels/reel-that-does-not-exist' });

    expect(await screen.findByRole('heading', { name: 'This reel is not available' })).toBeInTheDocument();
    expect(viewer().queryByRole('group', { name: /of \d+$/ })).not.toBeInTheDocument();
    await user.keyboard('j'); // nothing to page to
    expect(viewer().getByRole('heading', { name: 'This reel is not available' })).toBeInTheDocument();

    await user.click(viewer().getByRole('button', { name: 'Browse Shorts' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.queryByRole('dialog', { name: 'Reels viewer' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Shorts', level: 1 })).toBeInTheDocument();
  });

  test('a visitor opening the link of a reel still processing is told it is not available; its owner watches it', async () => {
    const punch = mediaDb.reels.find((reel) => reel.title === 'Punch cards at work');
    if (!punch) throw new Error('no demo reel');
    punch.status = 'processing';
    const { user } = renderApp({ route: `/reels/${punch.id}` });

    expect(await screen.findByRole('heading', { name: 'This reel is not available' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to the home page' }));
    expect(await screen.findByRole('heading', { name: 'Watch what people share here' })).toBeInTheDocument();
  });

  test('the owner opening the link of her reel still processing sees it processing', async () => {
    const punch = mediaDb.reels.find((reel) => reel.title === 'Punch cards at work');
    if (!punch) throw new Error('no demo reel');
    punch.status = 'processing';
    storeDemoUserToken();
    renderApp({ route: `/reels/${punch.id}` });

    expect(await screen.findByRole('group', { name: /^Punch cards at work, \d of 4$/ })).toBeInTheDocument();
    expect(viewer().getByRole('status', { name: 'Processing…' })).toBeInTheDocument();
  });

  test('a reel that could not be read says so, and Try again reads it again', async () => {
    const id = mediaDb.reels.find((reel) => reel.title === 'Latte art, slowly')?.id;
    let failures = 1;
    server.use(
      http.get('/api/reels/{id}', ({ response }) => {
        if (failures === 0) return undefined;
        failures -= 1;
        return response.untyped(new Response('', { status: 500 }));
      }),
    );
    storeDemoUserToken();
    const { user } = renderApp({ route: `/reels/${id}` });

    expect(await screen.findByRole('heading', { name: 'This reel could not be loaded' })).toBeInTheDocument();
    await user.click(viewer().getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Latte art, slowly, 2 of 4' })).toBeInTheDocument();
  });

  test('a visitor opening a reel link watches it, and is asked to sign in to like or comment', async () => {
    const id = mediaDb.reels.find((reel) => reel.title === 'Latte art, slowly')?.id;
    const { user } = renderApp({ route: `/reels/${id}` });

    expect(await screen.findByRole('group', { name: 'Latte art, slowly, 2 of 4' })).toBeInTheDocument();
    expect(viewer().getByRole('button', { name: 'Like' })).toBeDisabled();
    expect(viewer().getByRole('button', { name: 'Like' })).toHaveAccessibleDescription('Sign in to like reels');
    await user.click(viewer().getByRole('button', { name: 'Comments' }));
    expect(await viewer().findByText('Sign in to comment.')).toBeInTheDocument();

    await user.click(viewer().getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Watch what people share here' })).toBeInTheDocument();
  });
});

describe('the sample reels (seed 002 §8)', () => {
  test('a failed load says "Failed to load reels" and shows the samples, marked, that cannot be liked, commented on or shared', async () => {
    server.use(http.get('/api/reels', ({ response }) => response.untyped(new Response('', { status: 500 }))));
    const { user } = await openShorts();

    expect(await screen.findByText('Failed to load reels')).toBeInTheDocument();
    expect(screen.getByText('These are built-in sample reels: nothing could be loaded from the server yet.')).toBeInTheDocument();
    const grid = within(screen.getByRole('list', { name: 'Reels' }));
    expect(grid.getAllByText('Sample')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Watch Reels (3)' }));
    expect(viewer().getByText('Sample')).toBeInTheDocument();
    expect(viewer().getByRole('button', { name: 'Like' })).toBeDisabled();
    expect(viewer().getByRole('button', { name: 'Like' })).toHaveAccessibleDescription('Sample reels cannot be liked');
    expect(viewer().getByRole('button', { name: 'Comments' })).toHaveAccessibleDescription('Sample reels have no comments');
    expect(viewer().getByRole('button', { name: 'Share' })).toHaveAccessibleDescription('Sample reels have no link to share');
    expect(viewer().getByText('#fyp')).toBeInTheDocument();
  });

  test('the samples carry no like count, and have nothing to play, pause or unmute: the buttons say why, Space does nothing', async () => {
    server.use(http.get('/api/reels', ({ response }) => response.untyped(new Response('', { status: 500 }))));
    const { store, user } = await openShorts();
    expect(await screen.findByText('Failed to load reels')).toBeInTheDocument();
    const grid = within(screen.getByRole('list', { name: 'Reels' }));
    for (const figure of ['1.2K', '860', '430']) expect(grid.queryByText(figure)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Watch Reels (3)' }));
    expect(viewer().getByRole('group', { name: 'Welcome to Shorts, 1 of 3' })).toBeInTheDocument();
    expect(viewer().queryByText('1.2K')).not.toBeInTheDocument();
    expect(viewer().getAllByText(/^\d/).map((count) => count.textContent)).toEqual(['0']); // the comments only, none beside Like

    const unmute = viewer().getByRole('button', { name: 'Unmute' });
    expect(unmute).toBeDisabled();
    expect(unmute).toHaveAccessibleDescription('Sample reels have no sound');
    const play = viewer().getByRole('button', { name: 'Play' });
    expect(play).toBeDisabled();
    expect(play).toHaveAccessibleDescription('Sample reels have no video to play');

    const playing = store.reels.playing;
    await user.keyboard(' ');
    expect(store.reels.playing).toBe(playing);
    expect(store.reels.muted).toBe(true);
    expect(viewer().getByRole('button', { name: 'Play' })).toBeDisabled();
  });

  test('an empty list shows the samples too, without an error', async () => {
    mediaDb.reels = [];
    await openShorts();

    expect(await screen.findByRole('button', { name: 'Watch Reels (3)' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load reels')).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Reels' })).getAllByText('Sample')).toHaveLength(3);
  });

  test('watching zero reels says "No reels available to watch"', async () => {
    const { store, user } = await openShorts();
    await screen.findByRole('button', { name: 'Watch Reels (4)' });
    // Only reachable while the list is (re)loading: an empty or failed list shows the samples.
    act(() => {
      runInAction(() => {
        store.reels.list.set([]);
        store.reels.list.status = 'loading';
      });
      store.reels.watchAll();
    });

    expect(await viewer().findByText('No reels available to watch')).toBeInTheDocument();
    await user.click(viewer().getByRole('button', { name: 'Back' }));
  });
});

describe('reel upload (seed 002 §5)', () => {
  test('the form checks the file, the title and the description, and sends nothing until they are right', async () => {
    let calls = 0;
    server.use(
      http.post('/api/reels/upload', () => {
        calls += 1;
        return undefined;
      }),
    );
    const { user } = await openShorts();
    await user.click(screen.getByRole('tab', { name: 'Upload' }));
    const form = within(screen.getByRole('form', { name: 'Upload a reel' }));

    await user.click(form.getByRole('button', { name: 'Upload Reel' }));
    expect(await form.findByText('Please select a video file')).toBeInTheDocument();

    await user.upload(form.getByLabelText('Choose reel video file'), videoFile('dance.mp4', 900));
    await user.click(form.getByRole('button', { name: 'Upload Reel' }));
    expect(await form.findByText('Please enter a title')).toBeInTheDocument();

    await fill(user, field(form, 'Title'), 'x'.repeat(101));
    await user.click(form.getByRole('button', { name: 'Upload Reel' }));
    expect(await form.findByText('Title must be at most 100 characters')).toBeInTheDocument();

    await fill(user, field(form, 'Title'), 'Dance break');
    await user.click(form.getByRole('textbox', { name: 'Description' }));
    await user.paste('y'.repeat(501));
    await user.click(form.getByRole('button', { name: 'Upload Reel' }));
    expect(await form.findByText('Description must be at most 500 characters')).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  test('the upload normalises hashtags, and the reel appears processing', async () => {
    let sent: Record<string, unknown> = {};
    server.use(
      http.post('/api/reels/upload', async ({ request }) => {
        const form = await request.clone().formData();
        sent = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string'));
        return undefined;
      }),
    );
    const { user } = await openShorts();
    await user.click(screen.getByRole('tab', { name: 'Upload' }));
    const form = within(screen.getByRole('form', { name: 'Upload a reel' }));

    await user.upload(form.getByLabelText('Choose reel video file'), videoFile('dance.mp4', 900));
    await fill(user, field(form, 'Title'), 'Dance break');
    const tags = form.getByRole('combobox', { name: 'Hashtags' });
    await user.type(tags, '#Dance{Enter}dance{Enter}FUN{Enter}');
    await user.click(form.getByRole('checkbox', { name: 'Enable monetization' }));
    await user.click(form.getByRole('button', { name: 'Upload Reel' }));

    expect(await screen.findByText('Reel uploaded successfully!')).toBeInTheDocument();
    expect(sent).toEqual({ title: 'Dance break', description: '', tags: '["dance","fun"]', monetization_enabled: 'true' });
    expect(screen.getByRole('tab', { name: 'Browse' })).toHaveAttribute('aria-selected', 'true');
    const card = within(screen.getByRole('button', { name: 'Watch Dance break' }).closest('[role="listitem"]') as HTMLElement);
    expect(card.getByText('Processing')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Watch Reels (5)' })).toBeInTheDocument();
  });

  test('Enter in Hashtags adds the typed tag, if any, and never sends the form', async () => {
    let calls = 0;
    server.use(
      http.post('/api/reels/upload', () => {
        calls += 1;
        return undefined;
      }),
    );
    const { user } = await openShorts();
    await user.click(screen.getByRole('tab', { name: 'Upload' }));
    const form = within(screen.getByRole('form', { name: 'Upload a reel' }));
    const tags = form.getByRole('combobox', { name: 'Hashtags' });

    // A form sent without a file would say so under the file field.
    await user.type(tags, '{Enter}');
    await user.type(tags, '#Travel{Enter}');
    await user.type(tags, '   {Enter}');

    expect(form.getByText('travel')).toBeInTheDocument();
    expect((tags as HTMLInputElement).value.trim()).toBe(''); // nothing left to add
    expect(form.queryByText('Please select a video file')).not.toBeInTheDocument();
    expect(calls).toBe(0);
  });

  test('a refused upload says "Failed to upload reel" and shows the reason', async () => {
    const { user } = await openShorts();
    await user.click(screen.getByRole('tab', { name: 'Upload' }));
    const form = within(screen.getByRole('form', { name: 'Upload a reel' }));
    const { fakeVideoFile } = await import('../../test/media');
    await user.upload(form.getByLabelText('Choose reel video file'), fakeVideoFile('fake.mp4'));
    await fill(user, field(form, 'Title'), 'Not a video');
    await user.click(form.getByRole('button', { name: 'Upload Reel' }));

    expect(await form.findByRole('alert')).toHaveTextContent('Please select a valid video file');
    expect(screen.getAllByText('Failed to upload reel')).toHaveLength(1); // the form's message: no toast too
  });
});
