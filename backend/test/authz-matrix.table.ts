import type { AuthzWorld, Who } from './authz-matrix.fixtures.js';

/**
 * THE AUTHORIZATION MATRIX: what every operation of openapi/openapi.json answers to each kind of caller. A new
 * endpoint must add its row here (authz-matrix.http.test.ts fails for an operation without one, and for a row whose
 * operation no longer exists).
 *
 * Callers (authz-matrix.fixtures.ts): `visitor` (no token), `owner` (the user who owns the things the request names:
 * their channel, video, reel, upload session, checkout session, tier, notification, revenue…), `other` (another signed-in
 * user sending the same request for the owner's things), `admin` (an admin-audience token from the admin console),
 * `adminUser` (the same administrator's user token: is_admin, for the platform's routes and creators' revenue) and
 * `founder` (a founder-audience token).
 *
 * The statuses are what the API must answer (docs/api.md), not necessarily what it answers today:
 * - a guarded route without a token: 401; a token of another audience is refused like a bad one (401), on
 *   routes open to visitors too (docs/api.md, Identity: a token is only accepted by routes of its audience);
 * - another user's account, session, notification, upload…: 404, as if it did not exist; money routes that
 *   name a public thing (a channel, a tier, a creator's revenue) answer 403;
 * - admin-console routes: 401 without a token (or with a bad, expired or revoked one), 403 for a valid token of
 *   another audience: every user token (is_admin users included: they sign in at the console) and a founder's;
 * - the platform's routes: 403 for signed-in users who are not is_admin.
 *
 * Rows run in this order, each caller in the order of CALLERS (the owner last, so a row that changes or deletes a
 * thing is refused to the others first); a few rows rely on earlier ones (approve before suspend).
 */

export interface AuthzRequest {
  /** Path parameters (URL-encoded when sent). */
  params?: Record<string, string>;
  query?: Record<string, string>;
  json?: unknown;
  multipart?: { fields?: Record<string, string>; file?: { field: string; filename: string; bytes: Buffer; contentType: string } };
  /** Raw bytes as application/octet-stream. */
  octets?: Buffer;
}

export interface AuthzCase {
  /** What the case is about, when an operation has more than one. */
  what?: string;
  request: (w: AuthzWorld, who: Who) => AuthzRequest;
  expect: Record<Who, number>;
  /** The person who plays the owner, when not the world's owner: DELETE /api/me deletes its caller; the recluse's account is private. */
  ownerIs?: 'quitter' | 'recluse' | 'closed' | 'members';
  /** The request revokes the caller's tokens: everyone signs in again after the row. */
  endsSessions?: true;
}

export const CALLERS: Who[] = ['visitor', 'admin', 'founder', 'other', 'adminUser', 'owner'];

import { adminConsole, anyone, found, hidden, lookUp, open, ownerOnly, platform, users } from './authz-matrix.shapes.js';
import { SYSTEM_FLAGS_ROWS } from './authz-matrix.flags.js';
import { SYSTEM_OPS_ROWS } from './authz-matrix.ops.js';
import { SYSTEM_ADMINS_ROWS } from './authz-matrix.admins.js';
import { LIVE_ROWS } from './authz-matrix.live.js';
import { GAMING_GAMES_ROWS } from './authz-matrix.gaming-games.js';
import { GAMING_COMMUNITY_ROWS } from './authz-matrix.gaming-community.js';
import { GAMING_TOURNAMENTS_ROWS } from './authz-matrix.gaming-tournaments.js';
import { MUSIC_ROWS } from './authz-matrix.music.js';
import { PODCAST_ROWS } from './authz-matrix.podcasts.js';
import { SUBSONIC_ROWS } from './authz-matrix.subsonic.js';
import { EDITOR_ROWS } from './authz-matrix.editor.js';
import { FOUNDER_ACCESS_ROWS } from './authz-matrix.founder.js';
import { FOUNDER_SYSTEM_ROWS } from './authz-matrix.founder-system.js';
import { FOUNDER_BRANDING_ROWS } from './authz-matrix.founder-branding.js';


const bank = { bank_name: 'First Bank', account_number: '000123456789', routing_number: '021000021', account_holder_name: 'Scriven Inc' };
let registrations = 0;

export const AUTHZ_MATRIX: Record<string, AuthzCase | AuthzCase[]> = {
  // Identity
  registerNewUser: {
    request: () => {
      registrations += 1;
      return { json: { first_name: 'New', last_name: 'Person', display_name: `authz_new_${registrations}_${Date.now() % 100000}`, email: `authz.new.${registrations}.${Date.now()}@example.com`, password: 'a-long-password' } };
    },
    expect: open(201),
  },
  loginUser: { request: (w) => ({ json: { login_identifier: w.other.name, password: w.other.password } }), expect: open(200) },
  adminLogin: { request: (w) => ({ json: { username: w.staff.name, password: w.staff.password } }), expect: open(200) },
  verifyAdmin: { request: () => ({}), expect: adminConsole(200) },
  getCurrentUser: { request: () => ({}), expect: users(200) },
  exportMyData: { request: () => ({}), expect: users(200) },
  getParentalConsent: { request: (w) => ({ params: { token: w.consent.view } }), expect: open(200) },
  approveParentalConsent: { request: (w, who) => ({ params: { token: w.consent.approve[who] } }), expect: open(200) },
  refuseParentalConsent: { request: (w, who) => ({ params: { token: w.consent.refuse[who] } }), expect: open(200) },
  getHealth: { request: () => ({}), expect: open(200) },

  // Accounts
  listAccounts: { request: () => ({}), expect: users(200) },
  createAccount: { request: () => ({ json: { display_name: 'Another channel', account_type: 'personal' } }), expect: users(201) },
  updateAccount: { request: (w) => ({ params: { id: w.ids.channel }, json: { bio: 'Updated by the authz matrix' } }), expect: ownerOnly(200) },
  switchAccount: { request: (w) => ({ json: { account_id: w.ids.channel } }), expect: ownerOnly(200) },
  deleteAccount: { request: (w) => ({ params: { id: w.ids.spareAccount } }), expect: ownerOnly(200) },
  getProfilePhoto: { request: (w) => ({ params: { file: w.files.photo } }), expect: open(200) },
  uploadProfilePhoto: {
    what: "the owner's channel (account_id)",
    request: (w) => ({ multipart: { fields: { account_id: w.ids.channel }, file: { field: 'file', filename: 'me.png', bytes: w.files.png, contentType: 'image/png' } } }),
    expect: ownerOnly(200),
  },
  getBanner: { request: (w) => ({ params: { size: 'wide', file: w.files.banner } }), expect: open(200) },
  uploadBanner: {
    request: (w) => ({ params: { id: w.ids.channel }, multipart: { file: { field: 'file', filename: 'banner.png', bytes: w.files.bannerPng, contentType: 'image/png' } } }),
    expect: ownerOnly(200),
  },
  removeBanner: { request: (w) => ({ params: { id: w.ids.channel } }), expect: ownerOnly(200) },

  // Your data, feedback
  sendFeedback: { request: () => ({ json: { message: 'The authz matrix says hello' } }), expect: users(201) },
  listFeedback: { request: () => ({}), expect: adminConsole(200) },

  // Media
  listVideos: { request: () => ({}), expect: anyone(200) },
  getVideo: [
    { what: 'a public, ready video', request: (w) => ({ params: { id: w.ids.video } }), expect: anyone(200) },
    { what: "the owner's video still processing", request: (w) => ({ params: { id: w.ids.draftVideo } }), expect: hidden(200) },
    { what: 'a video of a private account', ownerIs: 'recluse', request: (w) => ({ params: { id: w.ids.hiddenVideo } }), expect: hidden(200) },
  ],
  streamVideo: [
    { what: 'a public, ready video', request: (w) => ({ params: { id: w.ids.video } }), expect: anyone(200) },
    { what: "the owner's video still processing", request: (w) => ({ params: { id: w.ids.draftVideo } }), expect: hidden(200) },
    { what: 'a video of a private account', ownerIs: 'recluse', request: (w) => ({ params: { id: w.ids.hiddenVideo } }), expect: hidden(200) },
  ],
  getVideoHlsMaster: [
    { what: 'a public, ready video', request: (w) => ({ params: { id: w.ids.video } }), expect: anyone(200) },
    { what: 'a video of a private account', ownerIs: 'recluse', request: (w) => ({ params: { id: w.ids.hiddenVideo } }), expect: hidden(200) },
  ],
  getVideoHlsFile: [
    { what: 'a public, ready video', request: (w) => ({ params: { id: w.ids.video, rendition: w.files.hlsRendition, file: w.files.hlsFile } }), expect: anyone(200) },
    { what: 'a video of a private account', ownerIs: 'recluse', request: (w) => ({ params: { id: w.ids.hiddenVideo, rendition: w.files.hiddenHlsRendition, file: w.files.hiddenHlsFile } }), expect: hidden(200) },
  ],
  getThumbnail: [
    { what: 'a public, ready video', request: (w) => ({ params: { file: w.files.thumbnail } }), expect: anyone(200) },
    { what: 'a video of a private account', ownerIs: 'recluse', request: (w) => ({ params: { file: w.files.hiddenThumbnail } }), expect: hidden(200) },
  ],
  countVideoView: [
    { what: 'a public, ready video', request: (w) => ({ params: { id: w.ids.video } }), expect: anyone(200) },
    { what: 'a video of a private account', ownerIs: 'recluse', request: (w) => ({ params: { id: w.ids.hiddenVideo } }), expect: hidden(200) },
  ],
  recordWatchTime: [
    { what: 'a public, ready video, with where playback is', request: (w) => ({ params: { id: w.ids.video }, json: { seconds: 5, position: 1 } }), expect: users(204) },
    { what: 'a video of a private account', ownerIs: 'recluse', request: (w) => ({ params: { id: w.ids.hiddenVideo }, json: { seconds: 5 } }), expect: hidden(204, 401) },
  ],
  // Home: everyone's Trending; each signed-in user's Following and Continue watching (the heartbeats above put the video in it).
  getHome: { request: () => ({}), expect: anyone(200) },
  forgetContinueWatching: { what: "the caller's own Continue watching", request: (w) => ({ params: { id: w.ids.video } }), expect: users(204) },
  likeVideo: [
    { what: 'a public, ready video', request: (w) => ({ params: { id: w.ids.video } }), expect: users(200) },
    { what: 'a video of a private account', ownerIs: 'recluse', request: (w) => ({ params: { id: w.ids.hiddenVideo } }), expect: hidden(200, 401) },
  ],
  uploadVideo: { request: (w) => ({ multipart: { fields: { title: 'Authz upload' }, file: { field: 'file', filename: 'a.mp4', bytes: w.files.mp4, contentType: 'video/mp4' } } }), expect: users(201) },
  initUpload: { request: (w) => ({ json: { filename: 'b.mp4', total_size: w.files.mp4.length, title: 'Authz chunked' } }), expect: users(201) },
  getUploadStatus: { request: (w) => ({ params: { id: w.ids.uploadSession } }), expect: ownerOnly(200) },
  uploadChunk: { request: (w) => ({ params: { sessionId: w.ids.uploadSession }, query: { chunk_index: '0' }, octets: w.files.mp4 }), expect: ownerOnly(200) },
  completeUpload: { request: (w) => ({ params: { uploadId: w.ids.uploadToComplete } }), expect: ownerOnly(201) },
  cancelUpload: { request: (w) => ({ params: { uploadId: w.ids.uploadToCancel } }), expect: ownerOnly(200) },
  listReels: { request: () => ({}), expect: anyone(200) },
  uploadReel: { request: (w) => ({ multipart: { fields: { title: 'Authz reel' }, file: { field: 'file', filename: 'r.mp4', bytes: w.files.mp4, contentType: 'video/mp4' } } }), expect: users(201) },
  getReel: [
    { what: 'a public, ready reel', request: (w) => ({ params: { id: w.ids.reel } }), expect: anyone(200) },
    { what: "the owner's reel still processing", request: (w) => ({ params: { id: w.ids.draftReel } }), expect: hidden(200) },
    { what: 'a reel of a private account', ownerIs: 'recluse', request: (w) => ({ params: { id: w.ids.hiddenReel } }), expect: hidden(200) },
  ],
  streamReel: [
    { what: 'a public, ready reel', request: (w) => ({ params: { id: w.ids.reel } }), expect: anyone(200) },
    { what: 'a reel of a private account', ownerIs: 'recluse', request: (w) => ({ params: { id: w.ids.hiddenReel } }), expect: hidden(200) },
  ],
  likeReel: [
    { what: 'a public, ready reel', request: (w) => ({ params: { id: w.ids.reel } }), expect: users(200) },
    { what: 'a reel of a private account', ownerIs: 'recluse', request: (w) => ({ params: { id: w.ids.hiddenReel } }), expect: hidden(200, 401) },
  ],
  countReelView: [
    { what: 'a public, ready reel', request: (w) => ({ params: { id: w.ids.reel } }), expect: anyone(200) },
    { what: 'a reel of a private account', ownerIs: 'recluse', request: (w) => ({ params: { id: w.ids.hiddenReel } }), expect: hidden(200) },
  ],
  listReelComments: [
    { what: 'a public, ready reel', request: (w) => ({ params: { id: w.ids.reel } }), expect: anyone(200) },
    { what: 'a reel of a private account', ownerIs: 'recluse', request: (w) => ({ params: { id: w.ids.hiddenReel } }), expect: hidden(200) },
  ],
  createReelComment: [
    { what: 'a public, ready reel', request: (w) => ({ params: { id: w.ids.reel }, json: { content: 'Nice one' } }), expect: users(201) },
    { what: 'a reel of a private account', ownerIs: 'recluse', request: (w) => ({ params: { id: w.ids.hiddenReel }, json: { content: 'Found you' } }), expect: hidden(201, 401) },
    {
      what: 'a reel whose channel allows no comments (comment_permissions: none)',
      ownerIs: 'closed',
      request: (w) => ({ params: { id: w.ids.closedReel }, json: { content: 'Let me in' } }),
      expect: { visitor: 401, owner: 201, other: 403, admin: 401, founder: 401, adminUser: 403 },
    },
    {
      what: 'a reel whose channel allows comments from followers (the is_admin user follows it, the other user does not)',
      ownerIs: 'members',
      request: (w) => ({ params: { id: w.ids.membersReel }, json: { content: 'Follower here' } }),
      expect: { visitor: 401, owner: 201, other: 403, admin: 401, founder: 401, adminUser: 201 },
    },
  ],
  listMovies: { request: () => ({}), expect: anyone(200) },
  uploadMovie: { request: (w) => ({ multipart: { fields: { title: 'Authz movie' }, file: { field: 'file', filename: 'm.mp4', bytes: w.files.mp4, contentType: 'video/mp4' } } }), expect: users(201) },
  getMovie: [
    { what: 'a ready movie (visitors browse the Cinema room)', request: (w) => ({ params: { id: w.ids.movie } }), expect: anyone(200) },
    { what: "the owner's movie still processing", request: (w) => ({ params: { id: w.ids.draftMovie } }), expect: hidden(200) },
  ],
  countMovieView: [
    { what: 'a ready movie', request: (w) => ({ params: { id: w.ids.movie } }), expect: anyone(200) },
    { what: "the owner's movie still processing", request: (w) => ({ params: { id: w.ids.draftMovie } }), expect: hidden(200) },
  ],
  rateMovie: [
    { what: 'a ready movie (its owner may not rate it)', request: (w) => ({ params: { id: w.ids.movie }, json: { stars: 4 } }), expect: { visitor: 401, owner: 403, other: 200, admin: 401, founder: 401, adminUser: 200 } },
    { what: "the owner's movie still processing", request: (w) => ({ params: { id: w.ids.draftMovie }, json: { stars: 4 } }), expect: { visitor: 401, owner: 403, other: 404, admin: 401, founder: 401, adminUser: 404 } },
  ],
  unrateMovie: [
    { what: 'a ready movie (its owner has no rating of it)', request: (w) => ({ params: { id: w.ids.movie } }), expect: { visitor: 401, owner: 403, other: 200, admin: 401, founder: 401, adminUser: 200 } },
    { what: "the owner's movie still processing", request: (w) => ({ params: { id: w.ids.draftMovie } }), expect: { visitor: 401, owner: 403, other: 404, admin: 401, founder: 401, adminUser: 404 } },
  ],
  streamMovie: [
    { what: 'a ready movie', request: (w) => ({ params: { id: w.ids.movie } }), expect: users(200) },
    { what: "the owner's movie still processing", request: (w) => ({ params: { id: w.ids.draftMovie } }), expect: hidden(200, 401) },
  ],
  // A movie's HLS follows its stream's rules (signed-in viewers; the matrix's movie is marked ready without a ladder: 404).
  getMovieHlsMaster: [
    { what: 'a ready movie stored without a ladder', request: (w) => ({ params: { id: w.ids.movie } }), expect: users(404) },
    { what: "the owner's movie still processing", request: (w) => ({ params: { id: w.ids.draftMovie } }), expect: users(404) },
  ],
  getMovieHlsFile: [
    { what: 'a ready movie stored without a ladder', request: (w) => ({ params: { id: w.ids.movie, rendition: '360p', file: 'index.m3u8' } }), expect: users(404) },
    { what: "the owner's movie still processing", request: (w) => ({ params: { id: w.ids.draftMovie, rendition: '360p', file: 'seg_00000.ts' } }), expect: users(404) },
  ],
  listMovieUpNext: [
    { what: 'a ready movie', request: (w) => ({ params: { id: w.ids.movie } }), expect: anyone(200) },
    { what: "the owner's movie still processing", request: (w) => ({ params: { id: w.ids.draftMovie } }), expect: hidden(200) },
  ],
  recordMovieWatchTime: [
    { what: 'a ready movie, with where playback is', request: (w) => ({ params: { id: w.ids.movie }, json: { seconds: 5, position: 1 } }), expect: users(204) },
    { what: "the owner's movie still processing", request: (w) => ({ params: { id: w.ids.draftMovie }, json: { seconds: 5 } }), expect: hidden(204, 401) },
  ],

  // Channel pages (by handle, any case)
  getChannel: [
    { what: 'a public channel, its handle in capitals', request: (w) => ({ params: { handle: w.ids.channelHandle.toUpperCase() } }), expect: anyone(200) },
    { what: 'a private channel (as if it did not exist)', ownerIs: 'recluse', request: (w) => ({ params: { handle: w.ids.hiddenChannelHandle } }), expect: hidden(200) },
  ],
  listChannelVideos: [
    { what: 'a public channel', request: (w) => ({ params: { handle: w.ids.channelHandle }, query: { sort: 'popular' } }), expect: anyone(200) },
    { what: 'a private channel (as if it did not exist)', ownerIs: 'recluse', request: (w) => ({ params: { handle: w.ids.hiddenChannelHandle } }), expect: hidden(200) },
  ],
  listChannelReels: [
    { what: 'a public channel', request: (w) => ({ params: { handle: w.ids.channelHandle } }), expect: anyone(200) },
    { what: 'a private channel (as if it did not exist)', ownerIs: 'recluse', request: (w) => ({ params: { handle: w.ids.hiddenChannelHandle } }), expect: hidden(200) },
  ],

  // Comments (videos and movies; any comment by its id)
  listVideoComments: [
    { what: 'a public, ready video', request: (w) => ({ params: { id: w.ids.video }, query: { order: 'top' } }), expect: anyone(200) },
    { what: "the owner's video still processing", request: (w) => ({ params: { id: w.ids.draftVideo } }), expect: hidden(200) },
    { what: 'a video of a private account', ownerIs: 'recluse', request: (w) => ({ params: { id: w.ids.hiddenVideo } }), expect: hidden(200) },
  ],
  listMovieComments: [
    { what: 'a ready movie (as its page: visitors too)', request: (w) => ({ params: { id: w.ids.movie } }), expect: anyone(200) },
    { what: "the owner's movie still processing", request: (w) => ({ params: { id: w.ids.draftMovie } }), expect: hidden(200) },
  ],
  createVideoComment: [
    { what: 'a public, ready video', request: (w) => ({ params: { id: w.ids.video }, json: { content: 'Nice video' } }), expect: users(201) },
    { what: 'a reply to a comment on it', request: (w) => ({ params: { id: w.ids.video }, json: { content: 'Agreed', parent_id: w.ids.comment } }), expect: users(201) },
    { what: 'a video of a private account', ownerIs: 'recluse', request: (w) => ({ params: { id: w.ids.hiddenVideo }, json: { content: 'Found you' } }), expect: hidden(201, 401) },
  ],
  createMovieComment: [
    { what: 'a ready movie', request: (w) => ({ params: { id: w.ids.movie }, json: { content: 'Nice movie' } }), expect: users(201) },
    { what: "the owner's movie still processing", request: (w) => ({ params: { id: w.ids.draftMovie }, json: { content: 'Early' } }), expect: hidden(201, 401) },
  ],
  listCommentReplies: [
    { what: 'a comment on a public video', request: (w) => ({ params: { id: w.ids.comment } }), expect: anyone(200) },
    { what: 'a comment on a video of a private account', ownerIs: 'recluse', request: (w) => ({ params: { id: w.ids.hiddenComment } }), expect: hidden(200) },
  ],
  likeComment: [
    { what: 'a comment on a public video', request: (w) => ({ params: { id: w.ids.comment } }), expect: users(200) },
    { what: 'a comment on a video of a private account', ownerIs: 'recluse', request: (w) => ({ params: { id: w.ids.hiddenComment } }), expect: hidden(200, 401) },
  ],
  updateComment: [
    { what: "the owner's comment (others may not edit it: as if it did not exist)", request: (w) => ({ params: { id: w.ids.comment }, json: { content: 'Edited' } }), expect: ownerOnly(200) },
    { what: 'a comment on a video of a private account', ownerIs: 'recluse', request: (w) => ({ params: { id: w.ids.hiddenComment }, json: { content: 'Edited' } }), expect: ownerOnly(200) },
  ],
  deleteComment: [
    { what: "the owner's comment", request: (w) => ({ params: { id: w.ids.commentToDelete } }), expect: ownerOnly(204) },
    { what: "another user's comment on the owner's video (the video's owner may delete it)", request: (w) => ({ params: { id: w.ids.othersComment } }), expect: ownerOnly(204) },
  ],

  // Social
  toggleFollow: [
    { what: 'a public user (the owner cannot follow themselves)', request: (w) => ({ params: { id: w.owner.id } }), expect: { visitor: 401, owner: 400, other: 200, admin: 401, founder: 401, adminUser: 200 } },
    { what: "a private user ('User not found'; themselves: 'You cannot follow yourself')", ownerIs: 'recluse', request: (w) => ({ params: { id: w.recluse.id } }), expect: { visitor: 401, owner: 400, other: 404, admin: 401, founder: 401, adminUser: 404 } },
  ],
  discoverUsers: { request: () => ({}), expect: anyone(200) },
  userProfile: [
    { what: 'a public user', request: (w) => ({ params: { id: w.owner.id } }), expect: anyone(200) },
    { what: 'a private user', ownerIs: 'recluse', request: (w) => ({ params: { id: w.recluse.id } }), expect: hidden(200) },
  ],
  listFollowers: [
    { what: 'a public user', request: (w) => ({ params: { id: w.owner.id } }), expect: anyone(200) },
    { what: 'a private user', ownerIs: 'recluse', request: (w) => ({ params: { id: w.recluse.id } }), expect: hidden(200) },
  ],
  listFollowing: [
    { what: 'a public user', request: (w) => ({ params: { id: w.owner.id } }), expect: anyone(200) },
    { what: 'a private user', ownerIs: 'recluse', request: (w) => ({ params: { id: w.recluse.id } }), expect: hidden(200) },
  ],
  followingFeed: { request: () => ({}), expect: users(200) },

  // Notifications
  listNotifications: { request: () => ({}), expect: users(200) },
  markNotificationRead: { request: (w) => ({ params: { id: w.ids.notification } }), expect: ownerOnly(200) },
  markAllNotificationsRead: { request: () => ({}), expect: users(200) },

  // Search
  searchAll: { request: () => ({ query: { q: 'authz' } }), expect: anyone(200) },
  searchSuggestions: { request: () => ({ query: { q: 'au' } }), expect: anyone(200) },
  searchTrending: { request: () => ({}), expect: open(200) },

  // Money
  createPremiumCheckout: { request: (w) => ({ json: { package_type: 'monthly', origin_url: `${w.origin}/` } }), expect: users(200) },
  createMembershipCheckout: [
    {
      what: "the owner's own channel (a user cannot join it)",
      request: (w) => ({ params: { channelId: w.ids.channel }, json: { package_type: w.ids.tierName, origin_url: `${w.origin}/` } }),
      expect: { visitor: 401, owner: 400, other: 200, admin: 401, founder: 401, adminUser: 200 },
    },
    {
      what: 'a private channel (as if it did not exist)',
      ownerIs: 'recluse',
      request: (w) => ({ params: { channelId: w.ids.hiddenChannel }, json: { package_type: w.ids.hiddenTierName, origin_url: `${w.origin}/` } }),
      expect: { visitor: 401, owner: 400, other: 404, admin: 401, founder: 401, adminUser: 404 },
    },
  ],
  getPaymentStatus: { request: (w) => ({ params: { sessionId: w.ids.checkoutSession } }), expect: ownerOnly(200) },
  getSubscriptionStatus: { request: (w) => ({ params: { sessionId: w.ids.checkoutSession } }), expect: ownerOnly(200) },
  receivePaymentWebhook: { what: 'a sandbox server (no provider to receive from)', request: () => ({ json: { id: 'evt_1', type: 'checkout.session.completed' } }), expect: open(404) },
  listMembershipChannels: { request: () => ({}), expect: users(200) },
  createMembershipTier: [
    { what: 'a public channel', request: (w) => ({ params: { channelId: w.ids.channel }, json: { name: `Tier ${Date.now()}`, price: 3.5 } }), expect: ownerOnly(201, 403) },
    { what: 'a private channel (as if it did not exist)', ownerIs: 'recluse', request: (w) => ({ params: { channelId: w.ids.hiddenChannel }, json: { name: `Tier ${Date.now()}`, price: 3.5 } }), expect: ownerOnly(201, 404) },
  ],
  retireMembershipTier: { request: (w) => ({ params: { tierId: w.ids.tierToRetire } }), expect: ownerOnly(200, 403) },
  listChannelMembers: [
    { what: 'a public channel', request: (w) => ({ params: { channelId: w.ids.channel } }), expect: ownerOnly(200, 403) },
    { what: 'a private channel (as if it did not exist)', ownerIs: 'recluse', request: (w) => ({ params: { channelId: w.ids.hiddenChannel } }), expect: ownerOnly(200, 404) },
  ],
  getCreatorRevenue: { request: (w) => ({ params: { userId: w.owner.id } }), expect: { visitor: 401, owner: 200, other: 403, admin: 401, founder: 401, adminUser: 200 } },
  requestPayout: { what: 'the owner has funds; the others have none', request: () => ({ json: { amount: 50, payment_method: 'paypal' } }), expect: { visitor: 401, owner: 200, other: 400, admin: 401, founder: 401, adminUser: 400 } },
  getPartnerProgramStatus: { request: () => ({}), expect: users(200) },
  applyToPartnerProgram: { what: 'the owner is eligible; the others are not', request: () => ({ json: { original_content: true } }), expect: { visitor: 401, owner: 200, other: 400, admin: 401, founder: 401, adminUser: 400 } },
  getPlatformEarnings: { request: () => ({}), expect: platform(200) },
  savePlatformBankAccount: { request: () => ({ json: bank }), expect: platform(200) },
  withdrawPlatformEarnings: { request: () => ({ json: { amount: 100 } }), expect: platform(200) },
  listPendingPayouts: { request: () => ({}), expect: adminConsole(200) },
  completePayout: { request: (w) => ({ params: { id: w.ids.payoutToComplete } }), expect: adminConsole(200) },
  failPayout: { request: (w) => ({ params: { id: w.ids.payoutToFail }, json: { reason: 'Account closed' } }), expect: adminConsole(200) },
  listPartnerApplications: { request: () => ({}), expect: adminConsole(200) },
  approvePartnerApplication: { request: (w) => ({ params: { id: w.ids.applicationToApprove }, json: { reason: 'Welcome' } }), expect: adminConsole(200) },
  rejectPartnerApplication: { request: (w) => ({ params: { id: w.ids.applicationToReject }, json: { reason: 'Not yet' } }), expect: adminConsole(200) },
  suspendPartner: { what: 'the partner approved above', request: (w) => ({ params: { id: w.ids.applicationToApprove }, json: { reason: 'Paused' } }), expect: adminConsole(200) },

  // Moderation: the other user and the is_admin user report the owner's video (the owner may not: their own), the
  // console strikes the owner, the owner appeals and the console overturns it (the owner ends with no strike).
  reportContent: {
    what: "the owner's public video (its owner may not report it)",
    request: (w) => ({ json: { content_type: 'video', content_id: w.ids.video, reason: 'spam', description: 'Reported by the authz matrix' } }),
    expect: { visitor: 401, owner: 400, other: 201, admin: 401, founder: 401, adminUser: 201 },
  },
  listModerationCases: {
    request: (w) => {
      lookUp('case', async () => (await w.t.sql<{ id: string }>(`select id from moderation_cases where content_id = $1 and status = 'open'`, [w.ids.video]))[0]?.id);
      return { query: { status: 'open', limit: '10' } };
    },
    expect: adminConsole(200),
  },
  decideModerationCase: {
    what: "the video's case: a strike on its owner",
    request: (w, who) => {
      // The console (the second caller) has decided by the time the other user's request is made.
      if (who === 'other') lookUp('strike', async () => (await w.t.sql<{ id: string }>('select id from moderation_strikes where user_id = $1', [w.owner.id]))[0]?.id);
      return { params: { id: found('case') }, json: { action: 'strike', reason: 'Authz matrix strike' } };
    },
    expect: adminConsole(200),
  },
  listMyStrikes: { request: () => ({}), expect: users(200) },
  appealStrike: { what: "the owner's strike", request: () => ({ params: { id: found('strike') }, json: { message: 'The authz matrix appeals' } }), expect: ownerOnly(200) },
  listPendingAppeals: { request: () => ({}), expect: adminConsole(200) },
  decideAppeal: { what: "the owner's appealed strike", request: () => ({ params: { id: found('strike') }, json: { decision: 'overturn', reason: 'Authz matrix overturn' } }), expect: adminConsole(200) },
  listModerationAudit: { request: () => ({ query: { limit: '5' } }), expect: adminConsole(200) },

  // The admin console's system operations (each file is one part of the SystemAdmin context).
  ...SYSTEM_FLAGS_ROWS,
  ...SYSTEM_OPS_ROWS,
  ...SYSTEM_ADMINS_ROWS,

  // Live
  ...LIVE_ROWS,
  ...GAMING_GAMES_ROWS,
  ...GAMING_COMMUNITY_ROWS,
  ...GAMING_TOURNAMENTS_ROWS,

  // Music
  ...MUSIC_ROWS,
  ...PODCAST_ROWS,
  ...SUBSONIC_ROWS,

  // The editor studio
  ...EDITOR_ROWS,

  // Founder (access and money, system and controls, branding)
  ...FOUNDER_ACCESS_ROWS,
  ...FOUNDER_SYSTEM_ROWS,
  ...FOUNDER_BRANDING_ROWS,

  // Last: these end sessions or delete the caller.
  deleteMyAccount: {
    what: 'confirmed with the owner’s own display name (the owner here is a user made to be deleted)',
    ownerIs: 'quitter',
    request: (w) => ({ json: { confirmation: w.quitter.name } }),
    expect: { visitor: 401, owner: 200, other: 400, admin: 401, founder: 401, adminUser: 400 },
  },
  signOutEverywhere: { request: () => ({}), expect: users(200), endsSessions: true },
};
