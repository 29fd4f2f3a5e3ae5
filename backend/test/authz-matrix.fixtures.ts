import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { newUser, type TestApp } from './harness.js';
import { baseUrl, binary, makeClips, markReady, MP4_HEAD, upload, type Auth, type Clips } from './media-fixtures.js';
import { person, publish, settled, type Person } from './social-fixtures.js';
import { admin, buy, matureAll, type Admin } from './money-fixtures.js';
import { founderAuth, founderSignIn } from './founder-fixtures.js';

/**
 * The people and things of the authorization matrix (authz-matrix.table.ts), made once per file: an owner with one of
 * everything a user can own, another user, an administrator (signed in at the console and as a user), and the
 * helpers the table's requests use. Statuses are asserted by the table, not here.
 */

/** Who sends the request: no token, the owner of the things, another user, the admin console, an is_admin user, a founder. */
export type Who = 'visitor' | 'owner' | 'other' | 'admin' | 'adminUser' | 'founder';
export const WHO: Who[] = ['visitor', 'owner', 'other', 'admin', 'adminUser', 'founder'];

export interface Signed extends Person {
  password: string;
}

export interface AuthzWorld {
  t: TestApp;
  origin: string;
  owner: Signed;
  other: Signed;
  /** A user whose only purpose is to be deleted by DELETE /api/me (the owner of that row). */
  quitter: Signed;
  /** A user whose account is private (profile and videos): the owner of the rows about hidden things. */
  recluse: Signed;
  /** Users whose channels allow no comments, and comments from followers only (the is_admin user follows them). */
  closed: Signed;
  members: Signed;
  staff: Admin & { password: string };
  ids: {
    /** The owner's primary account: their channel, and its handle (channel pages). */
    channel: string;
    channelHandle: string;
    /** A second account of the owner, deleted by its row. */
    spareAccount: string;
    /** A ready, public video with its HLS ladder and thumbnail. */
    video: string;
    /** A video of the owner still processing: only its owner sees it. */
    draftVideo: string;
    /** The recluse's ready video (HLS, thumbnail) and reel: only the recluse sees them. */
    hiddenVideo: string;
    hiddenReel: string;
    /** The recluse's (private) channel, its handle and a tier on it. */
    hiddenChannel: string;
    hiddenChannelHandle: string;
    hiddenTierName: string;
    /** A reel and a movie of the owner still processing. */
    draftReel: string;
    draftMovie: string;
    /** Ready reels of `closed` (comments: none) and `members` (comments: subscribers). */
    closedReel: string;
    membersReel: string;
    reel: string;
    movie: string;
    /** The owner's comments on their video: one to read, answer, like and edit; one deleted by its row. */
    comment: string;
    commentToDelete: string;
    /** A comment of `members` on the owner's video: the owner deletes it as the video's owner. */
    othersComment: string;
    /** The recluse's comment on their hidden video. */
    hiddenComment: string;
    /** An upload session with nothing uploaded yet (status, chunk). */
    uploadSession: string;
    /** An upload session whose one chunk arrived (complete). */
    uploadToComplete: string;
    /** An upload session to cancel. */
    uploadToCancel: string;
    /** The owner's premium checkout in the sandbox. */
    checkoutSession: string;
    /** The owner's membership tier, on sale. */
    tier: string;
    tierName: string;
    /** Another tier of the owner's, retired by its row. */
    tierToRetire: string;
    /** A notification of the owner's (someone followed them). */
    notification: string;
    /** Two payouts the owner requested, decided by the admin rows. */
    payoutToComplete: string;
    payoutToFail: string;
    /** Partner applications: one approved (then suspended) by the admin rows, one rejected. */
    applicationToApprove: string;
    applicationToReject: string;
  };
  files: {
    /** The owner's profile photo, and the video's thumbnail, as file names. */
    photo: string;
    thumbnail: string;
    hiddenThumbnail: string;
    hiddenHlsRendition: string;
    hiddenHlsFile: string;
    /** A rendition and a file of the video's HLS ladder. */
    hlsRendition: string;
    hlsFile: string;
    png: Buffer;
    /** The owner's channel banner (a file name), and a PNG big enough to be one. */
    banner: string;
    bannerPng: Buffer;
    /** Bytes that are MP4 by their head (accepted at upload; processing is off in tests). */
    mp4: Buffer;
  };
  /** A parental consent link per identity, for each of the three consent rows. */
  consent: { view: string; approve: Record<Who, string>; refuse: Record<Who, string> };
  /** The Authorization header of each identity (none for the visitor); sign-out-everywhere renews them. */
  auth(who: Who): Auth | null;
  /** Signs everyone in again (after a row that revokes their tokens). */
  renew(): Promise<void>;
  cleanup(): void;
}

const PASSWORD = 'a-long-password';

async function signed(t: TestApp, overrides: Record<string, unknown> = {}): Promise<Signed> {
  return { ...(await person(t, overrides)), password: String(overrides.password ?? PASSWORD) };
}

async function login(t: TestApp, path: string, body: Record<string, unknown>): Promise<Auth> {
  const r = await t.http().post(path).send(body);
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return ['Authorization', `Bearer ${r.body.access_token}`];
}


async function must<T extends { status: number; body: unknown }>(what: string, r: PromiseLike<T>, ok: number[] = [200, 201]): Promise<T> {
  const res = await r;
  if (!ok.includes(res.status)) throw new Error(`fixture ${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

/** Followers and a year's watch time enough for the partner program (what social and catalog would have counted). */
async function makeEligible(t: TestApp, who: Person, channel: string): Promise<void> {
  await t.sql('update social_users set followers_count = 1000 where user_id = $1', [who.id]);
  const mediaId = randomUUID();
  await t.sql(
    `insert into media (id, kind, account_id, user_id, title, status, original_key, original_size, content_type, hls_renditions, tags, genres, "cast", created_at, updated_at)
     values ($1, 'video', $2, $3, 'Long watch', 'ready', $4, 1000, 'video/mp4', '[]', '[]', '[]', '[]', now(), now())`,
    [mediaId, channel, who.id, `originals/${mediaId}`],
  );
  await t.sql(`insert into media_watch_time (media_id, user_id, day, seconds, last_beat_at) values ($1, $2, current_date - 10, $3, now())`, [mediaId, randomUUID(), 4001 * 3600]);
}

/** A child's registration; returns the consent link's token the parent was mailed. */
async function consentToken(t: TestApp): Promise<string> {
  const parent = `parent.${randomUUID()}@example.com`;
  await must('child', t.http().post('/api/register').send(newUser({ date_of_birth: '2019-06-01', parent_email: parent })));
  const [mail] = await t.sql<{ body: string }>('select body from mail_outbox where recipient = $1', [parent]);
  const token = /\/parental-consent\/([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1];
  if (!token) throw new Error('no consent link was mailed');
  return token;
}

export async function buildWorld(t: TestApp): Promise<AuthzWorld> {
  const started = Date.now();
  const phase = (what: string) => process.env.AUTHZ_PRINT && process.stdout.write(`fixtures: ${what} after ${Date.now() - started} ms\n`);
  const [origin, clips, png] = await Promise.all([
    baseUrl(t),
    makeClips(['landscape']),
    sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366cc' } }).png().toBuffer(),
  ]);
  const bannerPng = await sharp({ create: { width: 800, height: 200, channels: 3, background: '#cc6633' } }).png().toBuffer();
  const [owner, other, quitter, fan, applicant, recluse, closed, members] = await Promise.all(Array.from({ length: 8 }, () => signed(t)));
  const staffAdmin = await admin(t);
  phase('people');
  const staff = { ...staffAdmin, password: 'a-long-admin-password' };
  const as = (who: Person) => ({
    get: (p: string) => t.http().get(p).set(...who.auth),
    post: (p: string) => t.http().post(p).set(...who.auth),
  });
  const mp4 = Buffer.concat([MP4_HEAD, Buffer.alloc(2000, 7)]);

  const channel = ((await must('me', as(owner).get('/api/me'))).body as { active_account_id: string }).active_account_id;
  const applicantChannel = ((await must('me', as(applicant).get('/api/me'))).body as { active_account_id: string }).active_account_id;
  const handleOf = async (who: Person) => ((await must('accounts', as(who).get('/api/accounts'))).body as { active_account: { handle: string } }).active_account.handle;
  const spare = await must('spare account', as(owner).post('/api/accounts/create').send({ display_name: 'Spare channel' }));

  // Media: a public video and a reel processed for real (ffmpeg), a draft, a movie, a profile photo.
  const video = await publish(t, owner, clips, 'video', 'Authz public video');
  const reelUp = await must('reel', upload(t, 'reel', owner.auth, mp4, { title: 'Authz public reel' }));
  const reel = (reelUp.body as { id: string }).id;
  await markReady(t, reel);
  phase('media');
  const draft = await must('draft', upload(t, 'video', owner.auth, mp4, { title: 'Authz draft' }));
  const movieUp = await must('movie', upload(t, 'movie', owner.auth, mp4, { title: 'Authz movie' }));
  const movie = (movieUp.body as { movie: { id: string } }).movie.id;
  await markReady(t, movie);
  const photo = await must('photo', as(owner).post('/api/profile/upload-photo').attach('file', png, { filename: 'me.png', contentType: 'image/png' }));
  const banner = await must('banner', as(owner).post(`/api/accounts/${channel}/banner`).attach('file', bannerPng, { filename: 'banner.png', contentType: 'image/png' }));
  const videoBody = (await must('video', as(owner).get(`/api/videos/${video}`))).body as { thumbnail_url: string };
  const ladder = async (id: string, who: Person) => {
    const master = await must('hls master', t.http().get(`/api/videos/${id}/hls/master.m3u8`).set(...who.auth).buffer(true).parse(binary as never));
    const variant = /^([^#\s][^\s]*)$/m.exec(String(master.body))?.[1] ?? '360p/index.m3u8';
    return variant.split('?')[0].split('/').slice(-2);
  };
  const [hlsRendition, hlsFile] = await ladder(video, owner);

  // The recluse's things: their account is private before they publish anything.
  const recluseChannel = ((await must('me', as(recluse).get('/api/me'))).body as { active_account_id: string }).active_account_id;
  await must('privacy', t.http().put(`/api/accounts/${recluseChannel}`).set(...recluse.auth).send({ privacy_settings: { profile_visibility: 'private', video_visibility: 'private' } }));
  const hiddenVideo = await publish(t, recluse, clips, 'video', 'Authz hidden video');
  const hiddenReelUp = await must('hidden reel', upload(t, 'reel', recluse.auth, mp4, { title: 'Authz hidden reel' }));
  const hiddenReel = (hiddenReelUp.body as { id: string }).id;
  await markReady(t, hiddenReel);
  const hiddenBody = (await must('hidden video', as(recluse).get(`/api/videos/${hiddenVideo}`))).body as { thumbnail_url: string };
  const [hiddenHlsRendition, hiddenHlsFile] = await ladder(hiddenVideo, recluse);
  const hiddenTierName = 'Hidden tier';
  const [channelHandle, hiddenChannelHandle] = [await handleOf(owner), await handleOf(recluse)];
  await must('hidden tier', as(recluse).post(`/api/channels/${recluseChannel}/membership-tiers`).send({ name: hiddenTierName, price: 5 }));
  const draftReel = ((await must('draft reel', upload(t, 'reel', owner.auth, mp4, { title: 'Authz draft reel' }))).body as { id: string }).id;
  const draftMovie = ((await must('draft movie', upload(t, 'movie', owner.auth, mp4, { title: 'Authz draft movie' }))).body as { movie: { id: string } }).movie.id;

  // Channels that restrict comments, each with a ready reel; the is_admin user follows `members`.
  const commentsOnly = async (who: Signed, permission: string) => {
    const account = ((await must('me', as(who).get('/api/me'))).body as { active_account_id: string }).active_account_id;
    await must('comment permission', t.http().put(`/api/accounts/${account}`).set(...who.auth).send({ privacy_settings: { comment_permissions: permission } }));
    const id = ((await must('reel', upload(t, 'reel', who.auth, mp4, { title: `Authz ${permission} reel` }))).body as { id: string }).id;
    await markReady(t, id);
    return id;
  };
  const [closedReel, membersReel] = [await commentsOnly(closed, 'none'), await commentsOnly(members, 'subscribers')];
  await must('follow', as(staffAdmin).post(`/api/users/${members.id}/follow`));

  // Comments: the owner's on their video, another user's there, the recluse's on their hidden video.
  const commentOn = async (who: Person, path: string, content: string) => ((await must('comment', as(who).post(path).send({ content }))).body as { id: string }).id;
  const comment = await commentOn(owner, `/api/videos/${video}/comments`, 'Authz comment');
  const commentToDelete = await commentOn(owner, `/api/videos/${video}/comments`, 'Authz comment to delete');
  const othersComment = await commentOn(members, `/api/videos/${video}/comments`, 'Authz comment of another user');
  const hiddenComment = await commentOn(recluse, `/api/videos/${hiddenVideo}/comments`, 'Authz hidden comment');

  phase('hidden things');
  // Chunked uploads: one to look at and send chunks to, one complete, one to cancel.
  const init = async () => ((await must('upload init', as(owner).post('/api/videos/upload/init').send({ filename: 'a.mp4', total_size: mp4.length, title: 'Chunked' }))).body as { session_id: string }).session_id;
  const [uploadSession, uploadToComplete, uploadToCancel] = [await init(), await init(), await init()];
  await must('chunk', as(owner).post(`/api/videos/upload/chunk/${uploadToComplete}?chunk_index=0`).set('Content-Type', 'application/octet-stream').send(mp4));

  // Money: a checkout, tiers, a fan's membership (funds for two payouts), the partner program.
  const checkout = await must('checkout', as(owner).post('/api/subscriptions/premium/checkout').send({ package_type: 'monthly', origin_url: `${origin}/` }));
  const tierName = 'Authz tier';
  const tier = await must('tier', as(owner).post(`/api/channels/${channel}/membership-tiers`).send({ name: tierName, price: 199.99 }));
  const tierToRetire = await must('tier to retire', as(owner).post(`/api/channels/${channel}/membership-tiers`).send({ name: 'Retired tier', price: 2.5 }));
  await buy(t, origin, fan, `/api/subscriptions/channel/${channel}/checkout`, { package_type: tierName });
  await buy(t, origin, applicant, `/api/subscriptions/channel/${channel}/checkout`, { package_type: tierName });
  await matureAll(t);
  phase('money');
  const payout = async () => ((await must('payout', as(owner).post('/api/payout/request').send({ amount: 50, payment_method: 'paypal' }))).body as { payout: { id: string } }).payout.id;
  const [payoutToComplete, payoutToFail] = [await payout(), await payout()];
  await makeEligible(t, owner, channel);
  await makeEligible(t, applicant, applicantChannel);
  await makeEligible(t, fan, ((await must('me', as(fan).get('/api/me'))).body as { active_account_id: string }).active_account_id);
  await must('apply', as(applicant).post('/api/creator/partner-program/apply').send({ original_content: true }));
  await must('apply', as(fan).post('/api/creator/partner-program/apply').send({ original_content: true }));
  const apps = (await must('applications', t.http().get('/api/admin/partner-applications').set(...staff.adminAuth))).body as { applications: { id: string; user_id: string }[] };
  const appOf = (p: Person) => apps.applications.find((a) => a.user_id === p.id)?.id ?? 'missing-application';

  // A notification of the owner's: the fan follows them.
  await must('follow', as(fan).post(`/api/users/${owner.id}/follow`));
  await settled(t);
  const notes = (await must('notifications', as(owner).get('/api/notifications'))).body as { notifications: { id: string }[] };

  const consent = { view: await consentToken(t), approve: {} as Record<Who, string>, refuse: {} as Record<Who, string> };
  for (const who of WHO) {
    consent.approve[who] = await consentToken(t);
    consent.refuse[who] = await consentToken(t);
  }

  phase('everything');
  const tokens: Record<Who, Auth | null> = { visitor: null, owner: owner.auth, other: other.auth, admin: staff.adminAuth, adminUser: staff.auth, founder: await founderAuth(t) };
  return {
    t,
    origin,
    owner,
    other,
    quitter,
    recluse,
    closed,
    members,
    staff,
    ids: {
      channel,
      channelHandle,
      spareAccount: (spare.body as { account: { id: string } }).account.id,
      video,
      draftVideo: (draft.body as { id: string }).id,
      hiddenVideo,
      hiddenReel,
      hiddenChannel: recluseChannel,
      hiddenChannelHandle,
      hiddenTierName,
      draftReel,
      draftMovie,
      closedReel,
      membersReel,
      reel,
      movie,
      comment,
      commentToDelete,
      othersComment,
      hiddenComment,
      uploadSession,
      uploadToComplete,
      uploadToCancel,
      checkoutSession: (checkout.body as { session_id: string }).session_id,
      tier: (tier.body as { id: string }).id,
      tierName,
      tierToRetire: (tierToRetire.body as { id: string }).id,
      notification: notes.notifications[0]?.id ?? 'missing-notification',
      payoutToComplete,
      payoutToFail,
      applicationToApprove: appOf(applicant),
      applicationToReject: appOf(fan),
    },
    files: {
      photo: String((photo.body as { photo_url: string }).photo_url).split('/').pop()!.split('?')[0],
      thumbnail: String(videoBody.thumbnail_url).split('/').pop()!.split('?')[0],
      hiddenThumbnail: String(hiddenBody.thumbnail_url).split('/').pop()!.split('?')[0],
      hiddenHlsRendition,
      hiddenHlsFile,
      hlsRendition,
      hlsFile,
      png,
      banner: String((banner.body as { account: { banner_url: string } }).account.banner_url).split('/').pop()!,
      bannerPng,
      mp4,
    },
    consent,
    auth: (who) => tokens[who],
    async renew() {
      const [o, x, u, a, f] = await Promise.all([
        login(t, '/api/login', { login_identifier: owner.name, password: owner.password }),
        login(t, '/api/login', { login_identifier: other.name, password: other.password }),
        login(t, '/api/login', { login_identifier: staff.name, password: staff.password }),
        login(t, '/api/admin/login', { username: staff.name, password: staff.password }),
        founderSignIn(t),
      ]);
      Object.assign(tokens, { owner: o, other: x, adminUser: u, admin: a, founder: f });
      owner.auth = o;
      other.auth = x;
    },
    cleanup: () => (clips as Clips).cleanup(),
  };
}
