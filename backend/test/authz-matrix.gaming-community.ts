import type { AuthzWorld } from './authz-matrix.fixtures.js';
import type { AuthzCase } from './authz-matrix.table.js';
import { anyone, found, lookUp, ownerOnly, users } from './authz-matrix.shapes.js';

/**
 * The authorization matrix's rows for the gaming hub's community posts (see authz-matrix.table.ts). Every signed-in
 * caller publishes a post in the first row; the rows after it find the owner's post, and then the owner's comment on
 * it, with SQL started one row ahead (the table's request builders cannot wait). Deleting is the author's only:
 * another user gets 404, as if the post or comment did not exist.
 */

const ownersPost = (w: AuthzWorld) =>
  lookUp('communityPost', async () => (await w.t.sql<{ id: string }>('select id from community_posts where author_id = $1 order by created_at limit 1', [w.owner.id]))[0]?.id);
const ownersComment = (w: AuthzWorld) =>
  lookUp('communityComment', async () =>
    (await w.t.sql<{ id: string }>('select c.id from community_post_comments c join community_posts p on p.id = c.post_id where c.author_id = $1 and p.author_id = $1 order by c.created_at limit 1', [w.owner.id]))[0]?.id,
  );
const post = () => ({ id: found('communityPost') });

export const GAMING_COMMUNITY_ROWS: Record<string, AuthzCase | AuthzCase[]> = {
  createCommunityPost: {
    what: 'each signed-in user publishes a post',
    request: () => ({ json: { title: 'Authz matrix post', content: 'Community rows', game: 'Chess', post_type: 'guide' } }),
    expect: users(201),
  },
  listCommunityPosts: {
    request: (w) => {
      ownersPost(w);
      return { query: { limit: '10', post_type: 'guide' } };
    },
    expect: anyone(200),
  },
  getCommunityPost: { what: "the owner's post", request: () => ({ params: post() }), expect: anyone(200) },
  addCommunityPostComment: { what: "a comment on the owner's post", request: () => ({ params: post(), json: { content: 'Comment from the authz matrix' } }), expect: users(201) },
  listCommunityPostComments: {
    what: "the owner's post",
    request: (w) => {
      ownersComment(w);
      return { params: post() };
    },
    expect: anyone(200),
  },
  toggleCommunityPostLike: { what: "the owner's post", request: () => ({ params: post() }), expect: users(200) },
  deleteCommunityPostComment: {
    what: "the owner's own comment on their post: nobody else's to delete (404)",
    request: () => ({ params: { ...post(), commentId: found('communityComment') } }),
    expect: ownerOnly(204),
  },
  deleteCommunityPost: { what: "the owner's post", request: () => ({ params: post() }), expect: ownerOnly(204) },
};
