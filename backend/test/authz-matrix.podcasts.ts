import type { AuthzWorld } from './authz-matrix.fixtures.js';
import type { AuthzCase } from './authz-matrix.table.js';
import { anyone, found, lookUp, open, users } from './authz-matrix.shapes.js';

/**
 * The authorization matrix's rows for podcasts (see authz-matrix.table.ts). Every signed-in caller uploads an episode
 * of their show "Authz show" in the first row (no job runs here: the owner's is marked ready with SQL, started one row
 * ahead); the rows after that read the owner's ready episode and show. The feed, its artwork and the categories need
 * no sign-in at all (podcast apps fetch them), so every caller gets them.
 */

/** An MP3 by its bytes (an ID3 tag); never decoded here. */
const MP3 = Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 0]), Buffer.alloc(2000, 0x55)]);

const ownersEpisode = (w: AuthzWorld) => {
  lookUp('podcastEpisode', async () =>
    (await w.t.sql<{ id: string }>(`update media set status = 'ready', duration_seconds = 1 where id = (select id from media where user_id = $1 and kind = 'episode' order by created_at limit 1) returning id`, [w.owner.id]))[0]?.id,
  );
  lookUp('podcastShow', async () => (await w.t.sql<{ id: string }>('select id from podcast_shows where user_id = $1 order by created_at limit 1', [w.owner.id]))[0]?.id);
};
const episode = () => ({ id: found('podcastEpisode') });
const show = () => ({ id: found('podcastShow') });

export const PODCAST_ROWS: Record<string, AuthzCase | AuthzCase[]> = {
  uploadEpisode: {
    what: 'each signed-in user uploads an MP3 episode',
    request: () => ({ multipart: { fields: { title: 'Authz episode', show_name: 'Authz show', category: 'News' }, file: { field: 'file', filename: 'e.mp3', bytes: MP3, contentType: 'audio/mpeg' } } }),
    expect: users(201),
  },
  listEpisodes: {
    request: (w) => {
      ownersEpisode(w);
      return { query: { category: 'News' } };
    },
    expect: anyone(200),
  },
  trendingEpisodes: { request: () => ({}), expect: anyone(200) },
  listPodcastCategories: { request: () => ({}), expect: open(200) },
  listShows: { request: () => ({}), expect: anyone(200) },
  getShow: { what: "the owner's show", request: () => ({ params: show() }), expect: anyone(200) },
  getShowFeed: { what: "the owner's show: public", request: () => ({ params: show() }), expect: open(200) },
  getShowArtwork: { what: "the owner's show: public", request: () => ({ params: show() }), expect: open(200) },
  streamEpisode: { what: "the owner's ready episode", request: () => ({ params: episode() }), expect: anyone(200) },
  playEpisode: { what: "the owner's ready episode", request: () => ({ params: episode(), json: { seconds_listened: 5 } }), expect: anyone(200) },
  likeEpisode: { what: "the owner's ready episode", request: () => ({ params: episode() }), expect: users(200) },
  getEpisodeProgress: { what: "the caller's own place in the owner's ready episode", request: () => ({ params: episode() }), expect: users(200) },
  saveEpisodeProgress: { what: "the caller's own place in the owner's ready episode", request: () => ({ params: episode(), json: { position_seconds: 0 } }), expect: users(200) },
  continueListening: { what: "the caller's own places", request: () => ({}), expect: users(200) },
  subscribeShow: { what: 'a toggle by show name', request: () => ({ json: { show_name: 'Authz show' } }), expect: users(200) },
  listSubscriptions: { request: () => ({}), expect: users(200) },
  podcastAnalytics: { what: "the caller's own figures", request: () => ({}), expect: users(200) },
};
