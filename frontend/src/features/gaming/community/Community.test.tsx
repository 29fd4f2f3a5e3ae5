import { describe, expect, test } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppProviders } from '../../../app/AppProviders';
import { findUserByIdentifier } from '../../../mocks/db';
import { mediaDb } from '../../../mocks/mediaDb';
import { moderationDb } from '../../../mocks/moderationDb';
import { errorBody, http } from '../../../mocks/http';
import { server } from '../../../mocks/server';
import { RootStore } from '../../../stores/RootStore';
import { storeDemoUserToken } from '../../../test/session';
import { fill } from '../../../test/fill';
import { ReportDialog } from '../../moderation/components/ReportDialog';
import { CommunityTab } from './CommunityTab';
import { communityDb } from './mocks';

function Location() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname + location.search}
    </output>
  );
}

/** The Community tab on its own (the Gaming section hosts it) with the app's Report dialog. */
async function openTab({ signedIn = true, pageSize = 20, older = 3 }: { signedIn?: boolean; pageSize?: number; older?: number } = {}) {
  if (signedIn) storeDemoUserToken();
  // The three recent posts and `older` of the older ones (fewer cards: quicker pages in jsdom).
  const db = communityDb();
  db.posts = [...db.posts.slice(24 - older, 24), ...db.posts.slice(24)];
  const store = new RootStore();
  store.community.pageSize = pageSize;
  await store.auth.init();
  const user = userEvent.setup({ delay: null });
  render(
    <AppProviders store={store} env="test">
      <MemoryRouter initialEntries={['/gaming?tab=community']}>
        <Routes>
          <Route path="/gaming" element={<CommunityTab />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <ReportDialog />
        <Location />
      </MemoryRouter>
    </AppProviders>,
  );
  return { store, user };
}

const toast = (text: string) => screen.findByText(text, { selector: '.mantine-Notification-description' });
/** The posts shown, in order (a plain query: role queries over twenty cards are slow in jsdom). */
const postCards = (): HTMLElement[] => [...document.querySelectorAll<HTMLElement>('section[aria-label="Community posts"] > article')];
const titles = () => postCards().map((a) => a.getAttribute('aria-label'));
const post = async (title: string) =>
  within(
    await waitFor(() => {
      const card = postCards().find((a) => a.getAttribute('aria-label') === title);
      if (!card) throw new Error(`no post “${title}”`);
      return card;
    }),
  );
const gone = (title: string) => waitFor(() => expect(titles()).not.toContain(title));

describe('the post list', () => {
  test('newest first with type, game, author, time, likes and comments; Load more brings the next page', async () => {
    const { user } = await openTab({ pageSize: 4, older: 3 });
    const chess = await post('Chess openings for blitz');
    expect(chess.getByText('Discussion')).toBeInTheDocument();
    expect(chess.getByText('Chess')).toBeInTheDocument();
    expect(chess.getByText(/@ada \(you\) · 30 minutes ago/)).toBeInTheDocument();
    expect(chess.getByRole('button', { name: 'Like, 1 like' })).toBeInTheDocument();
    expect(chess.getByRole('button', { name: 'Comments, 2' })).toBeInTheDocument();
    expect(titles().slice(0, 3)).toEqual(['Chess openings for blitz', 'That last-second save', 'How I got 240 in Target Rush']);
    expect(titles()).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(titles()).toHaveLength(6));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  test('long content is collapsed behind Show more; a clip shows its video linking to /videos/:id', async () => {
    const { user } = await openTab();
    const guide = await post('How I got 240 in Target Rush');
    await user.click(guide.getByRole('button', { name: 'Show more' }));
    expect(guide.getByRole('button', { name: 'Show less', expanded: true })).toBeInTheDocument();
    expect((await post('Chess openings for blitz')).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    const clip = await post('That last-second save');
    const video = mediaDb.videos.find((v) => v.id === communityDb().posts.find((p) => p.title === 'That last-second save')?.videoId);
    if (!video) throw new Error('no clip video');
    expect(clip.getByText('Clip', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(clip.getByRole('link', { name: `Watch ${video.title}` })).toHaveAttribute('href', `/videos/${video.id}`);
  });

  test('filters by type and by game', async () => {
    const { user } = await openTab();
    await post('Chess openings for blitz');
    await user.click(screen.getByRole('radio', { name: 'Guide' }));
    await gone('Chess openings for blitz');
    expect(postCards().length).toBeGreaterThan(0);
    for (const article of postCards()) expect(within(article).getByText('Guide')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'All' }));
    await post('Chess openings for blitz');
    await user.click(screen.getByRole('combobox', { name: 'Game' }));
    await user.click(await screen.findByRole('option', { name: 'Chess' }));
    await gone('That last-second save');
    expect(postCards().length).toBeGreaterThan(0);
    for (const article of postCards()) expect(within(article).getByText('Chess', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
  });
});

describe('likes, comments, deleting and reporting', () => {
  test('a like shows at once and the server keeps it; a refused like goes back', async () => {
    const { user } = await openTab();
    const guide = await post('How I got 240 in Target Rush');
    await user.click(guide.getByRole('button', { name: 'Like, 2 likes' }));
    expect(guide.getByRole('button', { name: 'Like, 3 likes', pressed: true })).toBeInTheDocument();
    const ada = findUserByIdentifier('ada@example.com')?.user.id as string;
    await waitFor(() => expect(communityDb().posts.find((p) => p.title === 'How I got 240 in Target Rush')?.likedBy).toContain(ada));

    server.use(
      http.post('/api/gaming/community/post/{id}/like', ({ response }) => response(429).json(errorBody(429, 'RATE_LIMITED', 'Too many requests, slow down'))),
    );
    await user.click(guide.getByRole('button', { name: 'Like, 3 likes' }));
    expect(await toast('Too many requests, slow down')).toBeInTheDocument();
    expect(guide.getByRole('button', { name: 'Like, 3 likes', pressed: true })).toBeInTheDocument();
  });

  test('comments open inline oldest first; one is added and the own one deleted', async () => {
    const { user } = await openTab();
    const chess = await post('Chess openings for blitz');
    await user.click(chess.getByRole('button', { name: 'Comments, 2' }));
    const comments = within(await screen.findByRole('region', { name: 'Comments on Chess openings for blitz' }));
    await waitFor(() => expect(comments.getAllByRole('listitem')).toHaveLength(2));
    expect(comments.getAllByRole('listitem')[0]).toHaveTextContent('The London is great');
    await user.click(comments.getByRole('button', { name: 'Comment' }));
    expect(comments.getByText('Please enter a comment')).toBeInTheDocument();
    await fill(user, comments.getByRole('textbox', { name: 'Comment' }), 'Thanks, trying the Caro-Kann tonight');
    await user.click(comments.getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(comments.getAllByRole('listitem')).toHaveLength(3));
    expect(chess.getByRole('button', { name: 'Comments, 3' })).toBeInTheDocument();
    // Ada wrote the post: she may delete any comment on it.
    const mine = comments.getByRole('listitem', { name: 'Comment by @ada' });
    await user.click(within(mine).getByRole('button', { name: 'Delete comment' }));
    await waitFor(() => expect(comments.getAllByRole('listitem')).toHaveLength(2));
    expect(communityDb().comments.filter((c) => c.content.startsWith('Thanks'))).toHaveLength(0);
  });

  test("Report is offered on others' posts only, and reports a community_post", async () => {
    const { user } = await openTab({ older: 0 });
    const own = await post('Chess openings for blitz');
    expect(own.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
    expect(own.getByRole('button', { name: 'Delete post' })).toBeInTheDocument();
    const other = await post('That last-second save');
    expect(other.queryByRole('button', { name: 'Delete post' })).not.toBeInTheDocument();
    await user.click(other.getByRole('button', { name: 'Report' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/the post “That last-second save” by @mira/)).toBeInTheDocument();
    await user.click(dialog.getByRole('radio', { name: 'Spam or misleading' }));
    await user.click(dialog.getByRole('button', { name: /Submit|Report/ }));
    await waitFor(() => expect(moderationDb.reports.some((r) => r.contentType === 'community_post')).toBe(true));
  });

  test('the author deletes their post', async () => {
    const { user } = await openTab();
    const own = await post('Chess openings for blitz');
    await user.click(own.getByRole('button', { name: 'Delete post' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete post' })).getByRole('button', { name: 'Delete' }));
    await gone('Chess openings for blitz');
    expect(communityDb().posts.some((p) => p.title === 'Chess openings for blitz')).toBe(false);
  });

  test('visitors read, and Like sends them to sign in', async () => {
    const { user } = await openTab({ signedIn: false });
    const chess = await post('Chess openings for blitz');
    await user.click(chess.getByRole('button', { name: /Like/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/signin?next=');
  });
});

describe('Create Gaming Post', () => {
  test('title, game and content are required with their messages; a discussion by default', async () => {
    const { user } = await openTab({ older: 0 });
    await post('Chess openings for blitz');
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Gaming Post' }));
    expect(dialog.getByRole('combobox', { name: 'Type' })).toHaveValue('discussion');
    await user.click(dialog.getByRole('button', { name: 'Post' }));
    expect(dialog.getByText('Please enter a title')).toBeInTheDocument();
    expect(dialog.getByText('Please enter a game')).toBeInTheDocument();
    expect(dialog.getByText('Please enter some content')).toBeInTheDocument();
  });

  test("a clip with one of the author's ready videos: 'Post created!' and it leads the list", async () => {
    const { user } = await openTab({ older: 0 });
    await post('Chess openings for blitz');
    const ada = findUserByIdentifier('ada@example.com')?.user.id;
    const video = mediaDb.videos.find((v) => v.userId === ada && v.status === 'ready');
    if (!video) throw new Error('ada has no ready video');
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Gaming Post' }));
    await fill(user, dialog.getByRole('textbox', { name: /^Title/ }), 'My best goal');
    await fill(user, dialog.getByRole('combobox', { name: /^Game/ }), 'Rocket League');
    await fill(user, dialog.getByRole('textbox', { name: /^Content/ }), 'Ceiling shot, first try.');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Type' }), 'Clip');
    const picker = await dialog.findByRole('combobox', { name: /^Video/ });
    await waitFor(() => expect(within(picker).getByRole('option', { name: video.title })).toBeInTheDocument());
    await user.selectOptions(picker, video.title);
    await user.click(dialog.getByRole('button', { name: 'Post' }));
    expect(await toast('Post created!')).toBeInTheDocument();
    const created = await post('My best goal');
    expect(created.getByRole('link', { name: `Watch ${video.title}` })).toBeInTheDocument();
    expect(titles()[0]).toBe('My best goal');
  });

  test("a refused post says 'Failed to create post'", async () => {
    server.use(http.post('/api/gaming/community/post', ({ response }) => response(429).json(errorBody(429, 'RATE_LIMITED', 'Too many requests'))));
    const { user } = await openTab({ older: 0 });
    await post('Chess openings for blitz');
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Gaming Post' }));
    await fill(user, dialog.getByRole('textbox', { name: /^Title/ }), 'Hello');
    await fill(user, dialog.getByRole('combobox', { name: /^Game/ }), 'Chess');
    await fill(user, dialog.getByRole('textbox', { name: /^Content/ }), 'Hi all');
    await user.click(dialog.getByRole('button', { name: 'Post' }));
    expect(await toast('Failed to create post')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create Gaming Post' })).toBeInTheDocument();
  });
});
