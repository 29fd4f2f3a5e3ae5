import type { AuthzWorld } from './authz-matrix.fixtures.js';
import type { AuthzCase } from './authz-matrix.table.js';
import { lookUp, found, open, ownerOnly, users } from './authz-matrix.shapes.js';

/**
 * The authorization matrix's rows for app tokens and the Subsonic API (issue 14; see authz-matrix.table.ts).
 *
 * App tokens are the signed-in user's: each signed-in caller makes one, and the owner's is 404 to everyone else.
 *
 * The /rest routes read no bearer token at all (music apps sign in with an app token in the query or form) and answer
 * as Subsonic clients expect: HTTP 200 whoever calls, with status="failed" and error 10 in the body when the request
 * carries no app credentials, as here. So every caller gets 200; who may see and change what through /rest (wrong
 * credentials, the account password, another user's private tracks and playlists) is asserted on the answers' bodies
 * in subsonic.http.test.ts.
 */

const ownersToken = (w: AuthzWorld) =>
  lookUp('appToken', async () => (await w.t.sql<{ id: string }>('select id from app_tokens where user_id = $1 order by created_at limit 1', [w.owner.id]))[0]?.id);

const SUBSONIC_METHODS = [
  'Ping',
  'GetLicense',
  'GetOpenSubsonicExtensions',
  'GetMusicFolders',
  'GetArtists',
  'GetArtist',
  'GetAlbumList2',
  'GetAlbum',
  'GetSong',
  'Search3',
  'GetStarred2',
  'GetPlaylists',
  'GetPlaylist',
  'CreatePlaylist',
  'UpdatePlaylist',
  'DeletePlaylist',
  'Star',
  'Unstar',
  'Scrobble',
  'Stream',
  'GetCoverArt',
];

const subsonicRow: AuthzCase = { what: 'no app credentials: Subsonic error 10 in an HTTP 200 (no bearer token is read)', request: () => ({ query: { f: 'json' } }), expect: open(200) };

export const SUBSONIC_ROWS: Record<string, AuthzCase | AuthzCase[]> = {
  createAppToken: { what: 'each signed-in user makes an app token', request: () => ({ json: { name: 'Authz phone' } }), expect: users(201) },
  listAppTokens: {
    request: (w) => {
      ownersToken(w);
      return {};
    },
    expect: users(200),
  },
  deleteAppToken: { what: "the owner's app token", request: () => ({ params: { id: found('appToken') } }), expect: ownerOnly(204) },
  ...Object.fromEntries(SUBSONIC_METHODS.flatMap((m) => [[`subsonic${m}`, subsonicRow], [`subsonic${m}Form`, subsonicRow]])),
};
