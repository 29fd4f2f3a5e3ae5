import type { AuthzWorld, Who } from './authz-matrix.fixtures.js';
import type { AuthzCase } from './authz-matrix.table.js';
import { anyone, found, lookUp, open, users } from './authz-matrix.shapes.js';

/**
 * The authorization matrix's rows for live streams (see authz-matrix.table.ts). The owner's stream is started by the
 * first row (the other user and the is_admin user start one each as well: one per user); the rows after it find its
 * id, and the owner's chat message, with SQL started one row ahead (the table's request builders cannot wait).
 * The streamer's routes refuse other signed-in users with 403.
 */

const streamerOnly = (ok: number): Record<Who, number> => ({ visitor: 401, owner: ok, other: 403, admin: 401, adminUser: 403, founder: 401 });

const ownersStream = (w: AuthzWorld) =>
  lookUp('liveStream', async () => (await w.t.sql<{ id: string }>(`select id from live_streams where user_id = $1 and status <> 'ended'`, [w.owner.id]))[0]?.id);
const ownersComment = (w: AuthzWorld) =>
  lookUp('liveComment', async () => (await w.t.sql<{ id: string }>('select id from live_comments where user_id = $1 order by seq limit 1', [w.owner.id]))[0]?.id);
const stream = () => ({ id: found('liveStream') });

export const LIVE_ROWS: Record<string, AuthzCase | AuthzCase[]> = {
  startLiveStream: { what: 'each signed-in user starts their one stream (taking Super Chats)', request: () => ({ json: { title: 'Authz matrix live', description: 'Live rows', super_chat_enabled: true } }), expect: users(201) },
  listLiveStreams: {
    request: (w) => {
      ownersStream(w);
      return { query: { limit: '10' } };
    },
    expect: anyone(200),
  },
  getLiveStream: { what: "the owner's stream", request: () => ({ params: stream() }), expect: anyone(200) },
  joinLiveStream: { what: "the owner's stream", request: () => ({ params: stream() }), expect: anyone(200) },
  sendLiveComment: { what: "a message to the owner's stream", request: () => ({ params: stream(), json: { message: 'Hello from the authz matrix' } }), expect: users(201) },
  listLiveComments: {
    what: "the owner's stream",
    request: (w) => {
      ownersComment(w);
      return { params: stream() };
    },
    expect: anyone(200),
  },
  toggleLiveLike: { what: "the owner's stream", request: () => ({ params: stream() }), expect: users(200) },
  sendSuperChat: {
    what: "a Super Chat checkout to the owner's stream: never to your own (403); before the other user is timed out of its chat",
    request: (w) => ({ json: { stream_id: found('liveStream'), package_id: 'small', message: 'Hello from the authz matrix', origin_url: `${w.origin}/` } }),
    expect: { visitor: 401, owner: 403, other: 201, admin: 401, adminUser: 201, founder: 401 },
  },
  setLiveSlowMode: { what: "the owner's stream", request: () => ({ params: stream(), json: { seconds: 0 } }), expect: streamerOnly(200) },
  timeOutLiveChatter: { what: 'the other user, on the owner’s stream', request: (w) => ({ params: stream(), json: { user_id: w.other.id, seconds: 10 } }), expect: streamerOnly(200) },
  deleteLiveComment: { what: "the owner's own message", request: () => ({ params: { ...stream(), commentId: found('liveComment') } }), expect: streamerOnly(200) },
  getLiveStreamKey: { what: 'your own key (made on first sight)', request: () => ({}), expect: users(200) },
  regenerateLiveStreamKey: { what: 'your own key', request: () => ({}), expect: users(200) },
  getLivePlaylist: { what: "the owner's stream before its first media: 404 LIVE.NOT_STARTED whoever asks (no token is read)", request: () => ({ params: stream() }), expect: open(404) },
  getLiveHlsFile: { what: "a part of the owner's stream before its first media (no token is read)", request: () => ({ params: { ...stream(), file: 'p0.0.m4s' } }), expect: open(404) },
  listLiveSuperChats: { what: "the owner's stream", request: () => ({ params: stream() }), expect: anyone(200) },
  listGamingStreams: { request: () => ({ query: { limit: '10' } }), expect: anyone(200) },
  getGamingLeaderboards: { what: 'Top Streamers and Tournament Champions', request: () => ({}), expect: anyone(200) },
  endLiveStream: { what: "the owner's stream", request: () => ({ params: stream() }), expect: streamerOnly(200) },
  // After the owner's stream ended: the owner starts a gaming stream; the others still have theirs open (one per user).
  startGamingStream: {
    what: "each signed-in user's one stream: the owner's ended, the others' still open (409)",
    request: () => ({ json: { title: 'Authz matrix gaming', game: 'Chess' } }),
    expect: { visitor: 401, owner: 201, other: 409, admin: 401, adminUser: 409, founder: 401 },
  },
};
