import { mediaDb } from './mediaDb';

/** What a comment is on: a video or a movie (reels keep theirs in mediaDb.comments, as their routes answer them). */
export type CommentedKind = 'video' | 'movie';

/** A comment on a video or movie; a reply has `parentId`. Threads are one level deep, as on the server. */
export interface MockComment {
  id: string;
  kind: CommentedKind;
  mediaId: string;
  parentId: string | null;
  /** Null for people outside the mock data (their comments show under `username`). */
  userId: string | null;
  /** The account it was written as; null for people outside the mock data. */
  accountId: string | null;
  /** The handle it was written under (shown when the account is gone). */
  username: string;
  content: string;
  created_at: string;
  edited_at: string | null;
  /** Likes from people outside the mock data, plus `likedBy`. */
  baseLikes: number;
  likedBy: string[];
}

/** The in-memory comments of videos and movies behind the mock API (QA mode and tests). */
export const commentsDb = {
  comments: [] as MockComment[],
};

let sequence = 0;
export function commentId(): string {
  sequence += 1;
  return `comment-${sequence}-${Math.random().toString(36).slice(2, 10)}`;
}

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

export interface CommentAuthors {
  ada: { userId: string; accountId: string; handle: string };
  mira: { userId: string; accountId: string; handle: string };
}

type Draft = Partial<MockComment> & Pick<MockComment, 'content' | 'created_at'>;

function add(kind: CommentedKind, mediaId: string | undefined, author: CommentAuthors['ada'] | string, fields: Draft): MockComment | null {
  if (!mediaId) return null;
  const outsider = typeof author === 'string';
  const comment: MockComment = {
    id: commentId(),
    kind,
    mediaId,
    parentId: null,
    userId: outsider ? null : author.userId,
    accountId: outsider ? null : author.accountId,
    username: outsider ? author : author.handle,
    edited_at: null,
    baseLikes: 0,
    likedBy: [],
    ...fields,
  };
  commentsDb.comments.push(comment);
  return comment;
}

/**
 * The demo comments: a few on mira's harbour video and on ada's Analytical Engine video (with replies and likes), and
 * on a movie. Media are found by their demo titles.
 */
export function resetCommentsDb(authors: CommentAuthors | null): void {
  commentsDb.comments = [];
  if (!authors) return;
  const { ada, mira } = authors;
  const videoId = (title: string) => mediaDb.videos.find((video) => video.title === title)?.id;
  const movieId = (title: string) => mediaDb.movies.find((movie) => movie.title === title)?.id;

  const harbour = videoId('Sunrise over the harbour');
  add('video', harbour, 'sam_sails', { content: 'I can almost smell the sea from here.', created_at: ago(28), baseLikes: 12 });
  const adaOnHarbour = add('video', harbour, ada, { content: 'The light on the water is lovely. Which harbour is this?', created_at: ago(26), baseLikes: 3 });
  if (adaOnHarbour) {
    add('video', harbour, mira, {
      content: 'Thank you! It is the old fishing harbour, just before six in the morning.',
      created_at: ago(25),
      parentId: adaOnHarbour.id,
      baseLikes: 1,
    });
  }
  add('video', harbour, 'early_bird', { content: 'Worth getting up early for.', created_at: ago(3) });

  const engine = videoId('Notes on the Analytical Engine');
  const miraOnEngine = add('video', engine, mira, {
    content: 'Clearest explanation of the mill and the store I have seen.',
    created_at: ago(9),
    baseLikes: 8,
  });
  if (miraOnEngine) {
    add('video', engine, ada, { content: 'Thank you, Mira! Part two is on the way.', created_at: ago(8.5), parentId: miraOnEngine.id, likedBy: [mira.userId] });
  }
  add('video', engine, 'charles_b', { content: 'Could you go over the punched cards next?', created_at: ago(6), baseLikes: 2 });

  add('movie', movieId('The Lighthouse Keeper'), 'june_fan', { content: 'The storm scene is unforgettable.', created_at: ago(30), baseLikes: 5 });
  add('movie', movieId('The Lighthouse Keeper'), ada, { content: 'A quiet, beautiful film.', created_at: ago(20) });
}

export function snapshotCommentsDb() {
  return { comments: commentsDb.comments };
}

export function restoreCommentsDb(data: ReturnType<typeof snapshotCommentsDb> | undefined): void {
  // A snapshot from before video comments existed has none.
  commentsDb.comments = data?.comments ?? [];
}
