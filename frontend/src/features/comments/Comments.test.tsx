import { describe, expect, test } from '@jest/globals';
import { screen, waitFor, within, type BoundFunctions, type queries } from '@testing-library/react';
import { commentsDb } from '../../mocks/commentsDb';
import { findUserByIdentifier, mockDb } from '../../mocks/db';
import { http } from '../../mocks/http';
import { mediaDb } from '../../mocks/mediaDb';
import { server } from '../../mocks/server';
import { signInPath } from '../../shared/paths';
import { fill } from '../../test/fill';
import { renderApp } from '../../test/renderApp';
import { storeDemoUserToken } from '../../test/session';

type Scope = BoundFunctions<typeof queries>;

const videoId = (title: string) => {
  const id = mediaDb.videos.find((entry) => entry.title === title)?.id;
  if (!id) throw new Error(`no demo video "${title}"`);
  return id;
};

/** The watch page of `title` (as ada when `signedIn`), once its comments show. */
async function openComments(title: string, { signedIn = false } = {}) {
  if (signedIn) storeDemoUserToken();
  const id = videoId(title);
  const app = renderApp({ route: `/videos/${id}` });
  const section = within(await screen.findByRole('region', { name: 'Comments' }));
  await section.findAllByRole('article');
  return { ...app, id, section };
}

/** Who wrote the top-level comments, in the order shown (replies are articles inside them). */
const authors = (section: Scope) =>
  section
    .getAllByRole('article')
    .filter((article) => !article.parentElement?.closest('article'))
    .map((article) => article.getAttribute('aria-label'));

const comment = (section: Scope, author: string) => within(section.getAllByRole('article', { name: `Comment by ${author}` })[0]);

/** The open reply form's Reply (the comment's own Reply, which opened it, comes first). */
const replyButton = (scope: Scope) => scope.getAllByRole('button', { name: 'Reply' }).at(-1) as HTMLElement;

describe('comments on the watch page', () => {
  test('a visitor reads them, newest first, and is asked to sign in to comment, like or reply', async () => {
    const { user, id, section } = await openComments('Sunrise over the harbour');

    expect(authors(section)).toEqual(['Comment by early_bird', 'Comment by ada', 'Comment by sam_sails']);
    expect(comment(section, 'sam_sails').getByText('I can almost smell the sea from here.')).toBeInTheDocument();
    expect(section.getByText(/to comment\./)).toHaveTextContent('Sign in to comment.');
    expect(section.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', signInPath(`/videos/${id}`));
    expect(section.queryByRole('textbox', { name: 'Add a comment' })).not.toBeInTheDocument();
    // A visitor's menu offers Report only (which asks them to sign in).
    await user.click(comment(section, 'sam_sails').getByRole('button', { name: 'More actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Report' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(comment(section, 'sam_sails').getByRole('button', { name: /^Like comment by sam_sails/ }));
    expect(screen.getByTestId('location').textContent).toBe(signInPath(`/videos/${id}`));
  });

  test('a user posts a comment: it shows at the top, under her channel', async () => {
    const { user, section } = await openComments('Sunrise over the harbour', { signedIn: true });

    await fill(user, section.getByRole('textbox', { name: 'Add a comment' }), '  What a morning!  ');
    await user.click(section.getByRole('button', { name: 'Comment' }));

    await waitFor(() => expect(authors(section)[0]).toBe('Comment by ada'));
    const mine = comment(section, 'ada');
    expect(mine.getByText('What a morning!')).toBeInTheDocument();
    expect(mine.getByRole('link', { name: '@ada' })).toHaveAttribute('href', '/c/ada');
    expect(section.getByRole('textbox', { name: 'Add a comment' })).toHaveValue('');
    expect(authors(section)).toHaveLength(4);
  });

  test('a blank comment says "Comment cannot be empty" under the box, with no toast and nothing sent', async () => {
    const sent: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/comments')) sent.push(request.url);
    });
    try {
      const { user, section } = await openComments('Sunrise over the harbour', { signedIn: true });
      const box = section.getByRole('textbox', { name: 'Add a comment' });

      await fill(user, box, '   ');
      await user.click(section.getByRole('button', { name: 'Comment' }));

      expect(await section.findByText('Comment cannot be empty')).toBeInTheDocument();
      expect(box).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getAllByText('Comment cannot be empty')).toHaveLength(1); // no toast
      expect(sent).toEqual([]);

      await user.type(box, 'Hello');
      expect(section.queryByText('Comment cannot be empty')).not.toBeInTheDocument();
    } finally {
      server.events.removeAllListeners();
    }
  });

  test("the server's refusal shows under the box too: comments for followers only", async () => {
    const mira = findUserByIdentifier('mira');
    const channel = mira?.user.active_account_id ? mockDb.accounts.get(mira.user.active_account_id) : undefined;
    if (!channel) throw new Error('no mira channel');
    channel.account.privacy_settings.comment_permissions = 'subscribers';
    const { user, section } = await openComments('Sunrise over the harbour', { signedIn: true });

    await fill(user, section.getByRole('textbox', { name: 'Add a comment' }), 'May I?');
    await user.click(section.getByRole('button', { name: 'Comment' }));

    expect(await section.findByText('Only followers of this channel can comment')).toBeInTheDocument();
    expect(screen.getAllByText('Only followers of this channel can comment')).toHaveLength(1);
    expect(section.getByRole('textbox', { name: 'Add a comment' })).toHaveValue('May I?');
  });

  test('replies: View 1 reply opens them; Reply answers a comment', async () => {
    const { user, section } = await openComments('Sunrise over the harbour', { signedIn: true });

    const ada = comment(section, 'ada');
    await user.click(ada.getByRole('button', { name: 'View 1 reply' }));
    const reply = within(await ada.findByRole('article', { name: 'Comment by mira' }));
    expect(reply.getByText('Thank you! It is the old fishing harbour, just before six in the morning.')).toBeInTheDocument();
    expect(reply.queryByRole('button', { name: 'Reply' })).not.toBeInTheDocument(); // one level only

    const sam = comment(section, 'sam_sails');
    await user.click(sam.getByRole('button', { name: 'Reply' }));
    await fill(user, sam.getByRole('textbox', { name: 'Add a reply' }), 'Me too!');
    await user.click(replyButton(sam));

    const answer = within(await sam.findByRole('article', { name: 'Comment by ada' }));
    expect(answer.getByText('Me too!')).toBeInTheDocument();
    expect(sam.queryByRole('textbox', { name: 'Add a reply' })).not.toBeInTheDocument();
  });

  test('a reply to a comment whose replies were not opened yet shows with the earlier ones', async () => {
    const { user, section } = await openComments('Sunrise over the harbour', { signedIn: true });

    const ada = comment(section, 'ada');
    await user.click(ada.getByRole('button', { name: 'Reply' }));
    await fill(user, ada.getByRole('textbox', { name: 'Add a reply' }), 'Thanks, Mira!');
    await user.click(replyButton(ada));

    expect(await ada.findByText('Thanks, Mira!')).toBeInTheDocument();
    expect(await ada.findByText('Thank you! It is the old fishing harbour, just before six in the morning.')).toBeInTheDocument();
  });

  test('like changes the count, and again takes it back', async () => {
    const { user, section } = await openComments('Sunrise over the harbour', { signedIn: true });
    const like = () => comment(section, 'sam_sails').getByRole('button', { name: /^Like comment by sam_sails/ });
    expect(like()).toHaveTextContent('12');

    await user.click(like());
    await waitFor(() => expect(like()).toHaveTextContent('13'));
    expect(like()).toHaveAttribute('aria-pressed', 'true');

    await user.click(like());
    await waitFor(() => expect(like()).toHaveTextContent('12'));
    expect(like()).toHaveAttribute('aria-pressed', 'false');
  });

  test('the author edits her comment (marked edited) and deletes it', async () => {
    const { user, section } = await openComments('Sunrise over the harbour', { signedIn: true });
    // Someone else's comment: only Report.
    await user.click(comment(section, 'sam_sails').getByRole('button', { name: 'More actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Report' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(comment(section, 'ada').getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const box = comment(section, 'ada').getByRole('textbox', { name: 'Edit your comment' });
    expect(box).toHaveValue('The light on the water is lovely. Which harbour is this?');
    await fill(user, box, 'The light on the water is lovely.');
    await user.click(comment(section, 'ada').getByRole('button', { name: 'Save' }));

    expect(await comment(section, 'ada').findByText('The light on the water is lovely.')).toBeInTheDocument();
    expect(comment(section, 'ada').getByText(/\(edited\)/)).toBeInTheDocument();

    await user.click(comment(section, 'ada').getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));

    expect(await screen.findByText('Comment deleted')).toBeInTheDocument();
    expect(authors(section)).toEqual(['Comment by early_bird', 'Comment by sam_sails']);
    expect(commentsDb.comments.some((entry) => entry.content.startsWith('Thank you! It is the old fishing harbour'))).toBe(false); // its reply went with it
  });

  test("the video's owner may delete others' comments on it, but not edit them", async () => {
    const { user, section } = await openComments('Notes on the Analytical Engine', { signedIn: true });

    await user.click(comment(section, 'charles_b').getByRole('button', { name: 'More actions' }));
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));

    expect(await screen.findByText('Comment deleted')).toBeInTheDocument();
    expect(authors(section)).toEqual(['Comment by mira']);
  });

  test('Top and Newest read the list again in that order', async () => {
    const orders: (string | null)[] = [];
    server.use(
      http.get('/api/videos/{id}/comments', ({ request }) => {
        orders.push(new URL(request.url).searchParams.get('order'));
        return undefined;
      }),
    );
    const { user, section } = await openComments('Sunrise over the harbour');

    await user.click(section.getByRole('radio', { name: 'Top' }));
    await waitFor(() => expect(authors(section)).toEqual(['Comment by sam_sails', 'Comment by ada', 'Comment by early_bird']));

    await user.click(section.getByRole('radio', { name: 'Newest' }));
    await waitFor(() => expect(authors(section)).toEqual(['Comment by early_bird', 'Comment by ada', 'Comment by sam_sails']));
    expect(orders).toEqual(['newest', 'top', 'newest']);
  });
});

describe("comments on a movie's page", () => {
  test('a visitor opening a movie link reads its comments and is asked to sign in to comment', async () => {
    const id = mediaDb.movies.find((movie) => movie.title === 'The Lighthouse Keeper')?.id;
    renderApp({ route: `/movies/${id}` });

    await screen.findByRole('heading', { name: 'The Lighthouse Keeper', level: 1 });
    const section = within(await screen.findByRole('region', { name: 'Comments' }));
    expect(await section.findByText('The storm scene is unforgettable.')).toBeInTheDocument();
    expect(authors(section)).toEqual(['Comment by ada', 'Comment by june_fan']);
    expect(section.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', signInPath(`/movies/${id}`));
  });
});
