import { describe, expect, test } from '@jest/globals';
import { createApiClient } from '../../api/client';
import { findUserByIdentifier, issueUserToken, mockDb } from '../../mocks/db';
import { mediaDb } from '../../mocks/mediaDb';
import { notificationDto, socialDb } from '../../mocks/socialDb';
import { demoUser } from '../../test/accounts';

// QA mode must hold the server's comment rules: who reads, who writes, edits and deletes, and its messages.

const clientFor = (token: string | null) => createApiClient({ getUserToken: () => token });
const asAda = () => clientFor(issueUserToken(demoUser().user.id));
const mira = () => {
  const entry = findUserByIdentifier('mira');
  if (!entry) throw new Error('no mira');
  return entry;
};
const asMira = () => clientFor(issueUserToken(mira().user.id));
const visitor = () => clientFor(null);
const videoId = (title: string) => mediaDb.videos.find((video) => video.title === title)?.id ?? '';
const movieId = (title: string) => mediaDb.movies.find((movie) => movie.title === title)?.id ?? '';

const list = (api: ReturnType<typeof clientFor>, id: string, order?: 'newest' | 'top') =>
  api.GET('/api/videos/{id}/comments', { params: { path: { id }, query: order ? { order } : {} } });
const post = (api: ReturnType<typeof clientFor>, id: string, content: string, parentId?: string) =>
  api.POST('/api/videos/{id}/comments', { params: { path: { id } }, body: { content, ...(parentId ? { parent_id: parentId } : {}) } });

describe('mock comments API', () => {
  test('anyone who may open the video reads its comments, newest or top first; a hidden video is a 404', async () => {
    const sunrise = videoId('Sunrise over the harbour');
    const newest = await list(visitor(), sunrise);
    expect(newest.data?.comments.map((c) => [c.username, c.like_count, c.reply_count])).toEqual([
      ['early_bird', 0, 0],
      ['ada', 3, 1],
      ['sam_sails', 12, 0],
    ]);
    expect(newest.data?.comments.every((c) => !c.can_edit && !c.can_delete && !c.liked)).toBe(true);
    expect((await list(visitor(), sunrise, 'top')).data?.comments.map((c) => c.username)).toEqual(['sam_sails', 'ada', 'early_bird']);

    const paged = await visitor().GET('/api/videos/{id}/comments', { params: { path: { id: sunrise }, query: { limit: '2' } } });
    expect(paged.data?.comments).toHaveLength(2);
    const rest = await visitor().GET('/api/videos/{id}/comments', {
      params: { path: { id: sunrise }, query: { limit: '2', cursor: paged.data?.next_cursor ?? '' } },
    });
    expect(rest.data).toMatchObject({ comments: [{ username: 'sam_sails' }], next_cursor: null });

    expect((await list(visitor(), videoId('Draft: Bernoulli numbers'))).response.status).toBe(404);
    expect((await list(asAda(), videoId('Draft: Bernoulli numbers'))).data?.comments).toEqual([]);
    const movie = await visitor().GET('/api/movies/{id}/comments', { params: { path: { id: movieId('The Lighthouse Keeper') } } });
    expect(movie.data?.comments.map((c) => c.username)).toEqual(['ada', 'june_fan']);
  });

  test('writing needs an account (401); the text is checked as the server does; the comment is the active account\'s', async () => {
    const sunrise = videoId('Sunrise over the harbour');
    expect((await post(visitor(), sunrise, 'Hello')).response.status).toBe(401);

    const blank = await post(asAda(), sunrise, '   ');
    expect(blank.response.status).toBe(400);
    expect(blank.error?.detail).toBe('Comment cannot be empty');
    const long = await post(asAda(), sunrise, 'x'.repeat(501));
    expect(long.error?.detail).toBe('Comment must be at most 500 characters');

    const made = await post(asAda(), sunrise, '  Lovely  ');
    expect(made.response.status).toBe(201);
    expect(made.data).toMatchObject({ content: 'Lovely', username: 'ada', display_name: 'ada', parent_id: null, can_edit: true, can_delete: true });
    // The video's owner hears of it.
    const told = socialDb.notifications.filter((n) => n.userId === mira().user.id).map(notificationDto);
    expect(told.map((n) => n.message)).toEqual(['ada commented on "Sunrise over the harbour": Lovely']);
  });

  test('replies answer top-level comments of the same video only, oldest first', async () => {
    const sunrise = videoId('Sunrise over the harbour');
    const top = (await list(asAda(), sunrise)).data?.comments ?? [];
    const adas = top.find((c) => c.username === 'ada');
    if (!adas) throw new Error('no comment of ada');

    const reply = await post(asMira(), sunrise, 'One more thing', adas.id);
    expect(reply.data).toMatchObject({ parent_id: adas.id, reply_count: 0 });
    const replies = await visitor().GET('/api/comments/{id}/replies', { params: { path: { id: adas.id } } });
    expect(replies.data?.comments.map((c) => c.content)).toEqual([
      'Thank you! It is the old fishing harbour, just before six in the morning.',
      'One more thing',
    ]);

    const toReply = await post(asAda(), sunrise, 'Nested', reply.data?.id);
    expect(toReply.error?.detail).toBe('You can only reply to a top-level comment, not to a reply');
    const elsewhere = await post(asAda(), videoId('Notes on the Analytical Engine'), 'Wrong place', adas.id);
    expect(elsewhere.error?.detail).toBe('The comment you are replying to does not exist on this item');
  });

  test('its author edits it; its author or the video\'s owner deletes it (with its replies); anyone else gets 404', async () => {
    const sunrise = videoId('Sunrise over the harbour');
    const adas = (await list(asAda(), sunrise)).data?.comments.find((c) => c.username === 'ada');
    if (!adas) throw new Error('no comment of ada');
    const edit = (api: ReturnType<typeof clientFor>, content: string) =>
      api.PATCH('/api/comments/{id}', { params: { path: { id: adas.id } }, body: { content } });

    expect((await edit(visitor(), 'x')).response.status).toBe(401);
    expect((await edit(asMira(), 'Hijacked')).response.status).toBe(404);
    expect((await edit(asAda(), ' ')).error?.detail).toBe('Comment cannot be empty');
    const edited = await edit(asAda(), 'Edited text');
    expect(edited.data).toMatchObject({ content: 'Edited text' });
    expect(edited.data?.edited_at).not.toBeNull();

    // The owner of the video (mira) may delete ada's comment on it, and its reply goes too.
    const remove = (api: ReturnType<typeof clientFor>, id: string) => api.DELETE('/api/comments/{id}', { params: { path: { id } } });
    const notes = videoId('Notes on the Analytical Engine');
    const charles = (await list(asAda(), notes)).data?.comments.find((c) => c.username === 'charles_b');
    expect((await remove(asMira(), charles?.id ?? '')).response.status).toBe(404); // not hers, not her video
    expect((await remove(asMira(), adas.id)).response.status).toBe(204);
    expect((await list(visitor(), sunrise)).data?.comments.map((c) => c.username)).toEqual(['early_bird', 'sam_sails']);
    expect((await visitor().GET('/api/comments/{id}/replies', { params: { path: { id: adas.id } } })).response.status).toBe(404);
  });

  test('likes toggle, for signed-in users only', async () => {
    const sam = (await list(visitor(), videoId('Sunrise over the harbour'))).data?.comments.find((c) => c.username === 'sam_sails');
    const like = (api: ReturnType<typeof clientFor>) => api.POST('/api/comments/{id}/like', { params: { path: { id: sam?.id ?? '' } } });

    expect((await like(visitor())).response.status).toBe(401);
    expect((await like(asAda())).data).toEqual({ liked: true, like_count: 13 });
    expect((await like(asAda())).data).toEqual({ liked: false, like_count: 12 });
  });

  test("the channel's comment_permissions: followers only, or off; the owner always may", async () => {
    const channel = mockDb.accounts.get(mira().user.active_account_id ?? '');
    if (!channel) throw new Error('no mira channel');
    const sunrise = videoId('Sunrise over the harbour');

    channel.account.privacy_settings.comment_permissions = 'subscribers';
    expect((await post(asAda(), sunrise, 'Hi')).error).toMatchObject({ statusCode: 403, detail: 'Only followers of this channel can comment' });
    await asAda().POST('/api/users/{id}/follow', { params: { path: { id: mira().user.id } } });
    expect((await post(asAda(), sunrise, 'Hi')).response.status).toBe(201);

    channel.account.privacy_settings.comment_permissions = 'none';
    expect((await post(asAda(), sunrise, 'Hi')).error?.detail).toBe('Comments are turned off for this channel');
    expect((await post(asMira(), sunrise, 'My own video')).response.status).toBe(201);
  });
});
