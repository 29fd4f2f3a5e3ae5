import type { AuthzWorld, Who } from './authz-matrix.fixtures.js';
import type { AuthzCase } from './authz-matrix.table.js';
import { anyone, found, hidden, lookUp, ownerOnly, users } from './authz-matrix.shapes.js';

/**
 * The authorization matrix's rows for the music library (see authz-matrix.table.ts). Every signed-in caller uploads a
 * track in the first row (no job runs here: the owner's is marked ready with SQL, started one row ahead, as the
 * table's request builders cannot wait); then every caller creates a playlist, and the rows after that change the
 * owner's private playlist: another user's playlist is 404 to them, as if it did not exist.
 */

/** An MP3 by its bytes (an ID3 tag); never decoded here. */
const MP3 = Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 0]), Buffer.alloc(2000, 0x55)]);

const ownersTrack = (w: AuthzWorld) =>
  lookUp('musicTrack', async () =>
    (await w.t.sql<{ id: string }>(`update media set status = 'ready', duration_seconds = 1 where id = (select id from media where user_id = $1 and kind = 'track' order by created_at limit 1) returning id`, [w.owner.id]))[0]?.id,
  );
const ownersPlaylist = (w: AuthzWorld) =>
  lookUp('musicPlaylist', async () => (await w.t.sql<{ id: string }>('select id from music_playlists where user_id = $1 order by created_at limit 1', [w.owner.id]))[0]?.id);
const track = () => ({ id: found('musicTrack') });
const playlist = () => ({ id: found('musicPlaylist') });
/** A route visitors may call that has nothing to give (an audio track has no HLS ladder). */
const nothing: Record<Who, number> = { visitor: 404, owner: 404, other: 404, admin: 401, adminUser: 404, founder: 401 };

export const MUSIC_ROWS: Record<string, AuthzCase | AuthzCase[]> = {
  uploadTrack: {
    what: 'each signed-in user uploads an MP3',
    request: () => ({ multipart: { fields: { title: 'Authz track', artist: 'Authz artist', genre: 'Jazz' }, file: { field: 'file', filename: 't.mp3', bytes: MP3, contentType: 'audio/mpeg' } } }),
    expect: users(201),
  },
  listTracks: {
    request: (w) => {
      ownersTrack(w);
      return { query: { content_type: 'audio' } };
    },
    expect: anyone(200),
  },
  getTrack: { what: "the owner's ready track", request: () => ({ params: track() }), expect: anyone(200) },
  streamTrack: { what: "the owner's ready track", request: () => ({ params: track() }), expect: anyone(200) },
  getTrackHlsMaster: { what: 'an audio track: no ladder', request: () => ({ params: track() }), expect: nothing },
  getTrackHlsFile: { what: 'an audio track: no ladder', request: () => ({ params: { ...track(), rendition: '360p', file: 'index.m3u8' } }), expect: nothing },
  playTrack: { what: "the owner's ready track", request: () => ({ params: track(), json: { seconds_listened: 5 } }), expect: anyone(200) },
  likeTrack: { what: "the owner's ready track", request: () => ({ params: track() }), expect: users(200) },
  createPlaylist: { what: 'each signed-in user creates a private playlist', request: () => ({ json: { name: 'Authz playlist' } }), expect: users(201) },
  listPlaylists: {
    request: (w) => {
      ownersPlaylist(w);
      return {};
    },
    expect: users(200),
  },
  getPlaylist: { what: "the owner's private playlist", request: () => ({ params: playlist() }), expect: hidden(200) },
  updatePlaylist: { what: "the owner's playlist", request: () => ({ params: playlist(), json: { name: 'Authz renamed' } }), expect: ownerOnly(200) },
  addPlaylistTrack: { what: "the owner's playlist", request: () => ({ params: playlist(), json: { track_id: found('musicTrack') } }), expect: ownerOnly(200) },
  reorderPlaylist: { what: "the owner's playlist", request: () => ({ params: playlist(), json: { track_ids: [found('musicTrack')] } }), expect: ownerOnly(200) },
  removePlaylistTrack: { what: "the owner's playlist", request: () => ({ params: { ...playlist(), trackId: found('musicTrack') } }), expect: ownerOnly(200) },
  deletePlaylist: { what: "the owner's playlist", request: () => ({ params: playlist() }), expect: ownerOnly(204) },
};
