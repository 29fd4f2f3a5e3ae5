/**
 * The contract fuzzer's server process (started by fuzz-server.ts, never by jest): the whole app on its own fresh
 * database through the harness, listening on a loopback port, with the people and things the fuzzer needs, and
 * (FUZZ_STRIPE_ENV) a second app configured for Stripe, for the payment webhook. It prints one line of JSON (the
 * FuzzWorld) when ready and closes the apps on SIGTERM.
 */
import { RequestMethod } from '@nestjs/common';
import { GUARDS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import { AdminAuthGuard } from '../src/common/auth/guards.js';
import { BACKUP_ARCHIVE, type BackupArchive } from '../src/modules/system-admin/domain/backup.js';
import { EmergencyActionUseCase } from '../src/modules/founder/application/emergency-action.use-case.js';
import { DomainError } from '../src/common/errors/domain-error.js';
import { createTestApp, signUp } from './harness.js';
import { baseUrl, MP4_HEAD, upload } from './media-fixtures.js';
import { admin } from './money-fixtures.js';
import { founderAuth } from './founder-fixtures.js';
import type { FuzzWorld } from './fuzz-server.js';

const env = JSON.parse(process.env.FUZZ_APP_ENV ?? '{}') as Record<string, string>;
/**
 * A second app in the same process (modules are loaded once), configured for Stripe, for the payment webhook. It uses
 * the first one's database and JWT secret, as a second server process would: Passport's strategies are global to a
 * process, so two apps with different secrets or databases in one process would check each other's tokens.
 */
const stripeEnv = process.env.FUZZ_STRIPE_ENV ? (JSON.parse(process.env.FUZZ_STRIPE_ENV) as Record<string, string>) : undefined;
const bootStarted = Date.now();
const t = await createTestApp(env);
const stripeApp = stripeEnv ? await createTestApp(stripeEnv, t) : undefined;
/**
 * A valid emergency action would put the whole fuzz server into maintenance (every later operation a 503) or switch
 * uploads off: the fuzzer reaches the route's validation as usual, and a request that passes it gets a 409 (documented).
 */
t.app.get(EmergencyActionUseCase, { strict: false }).execute = async () => {
  throw new DomainError('conflict', 'FUZZ.EMERGENCY_SKIPPED', 'Emergency actions are not run by the fuzz server');
};
if (process.env.FUZZ_DEBUG) process.stderr.write(`fuzz server: apps ready in ${Date.now() - bootStarted} ms (${Math.round(performance.now())} ms since the process started)\n`);
/**
 * The fuzzer reaches POST /api/system/backup (its query, the name checks) as the admin console, but never makes a
 * backup (a dump of the database and the data directory, per request): a backup is already running for the whole run
 * (the archive's create lock, held here, in every process of this database), so a request that passes is a 409.
 */
let backupRunning: { release: () => Promise<unknown> } | undefined;
let closing = false;
const close = async (code: number) => {
  if (closing) return;
  closing = true;
  if (process.env.FUZZ_DEBUG) process.stderr.write(`fuzz server: cpu ${JSON.stringify(process.cpuUsage())}\n`);
  await backupRunning?.release().catch(() => undefined);
  await stripeApp?.close().catch(() => undefined);
  await t.close().catch(() => undefined);
  process.exit(code);
};
process.on('SIGTERM', () => void close(0));
// Never outlive the test run that started it (a jest killed mid-run cannot send SIGTERM).
const parent = Number(process.env.FUZZ_PARENT_PID);
setInterval(() => {
  try {
    process.kill(parent, 0);
  } catch {
    void close(0);
  }
}, 1000).unref();

const url = await baseUrl(t);
const stripe = stripeApp ? { url: await baseUrl(stripeApp) } : undefined;
const since = Date.now();
const log = (what: string) => process.env.FUZZ_DEBUG && process.stderr.write(`fuzz server: ${what} after ${Date.now() - since} ms\n`);

await fullWorld().catch(async (e: Error) => {
  // A fixture that cannot be made: say why, and drop the database on the way out.
  process.stderr.write(`fuzz server: ${e.stack ?? e.message}\n`);
  await close(1);
});

async function holdBackupLock(): Promise<{ release: () => Promise<unknown> }> {
  const archive = t.app.get<symbol, BackupArchive>(BACKUP_ARCHIVE, { strict: false });
  let release!: () => void;
  const until = new Promise<void>((resolve) => (release = resolve));
  const done = await new Promise<{ held: boolean; finished: Promise<unknown> }>((resolve) => {
    const finished = archive.exclusive(() => {
      resolve({ held: true, finished });
      return until;
    });
    void finished.then((r) => r === null && resolve({ held: false, finished }), () => resolve({ held: false, finished }));
  });
  if (!done.held) throw new Error('fuzz server: the backup create lock could not be held');
  return {
    release: () => {
      release();
      return done.finished;
    },
  };
}

/** Every route behind AdminAuthGuard (on its handler or its controller), as 'METHOD /path/{param}'. */
function consoleRoutes(): string[] {
  const routes = new Set<string>();
  const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
  for (const mod of t.app.get(ModulesContainer).values()) {
    for (const wrapper of mod.controllers.values()) {
      const controller = wrapper.metatype as (abstract new (...args: never[]) => unknown) | null;
      if (!controller) continue;
      const classGuards = list<unknown>(Reflect.getMetadata(GUARDS_METADATA, controller));
      for (const key of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[key];
        if (key === 'constructor' || typeof handler !== 'function') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) continue;
        if (![...classGuards, ...list<unknown>(Reflect.getMetadata(GUARDS_METADATA, handler))].includes(AdminAuthGuard)) continue;
        for (const base of list<string>(Reflect.getMetadata(PATH_METADATA, controller))) {
          for (const path of list<string>(Reflect.getMetadata(PATH_METADATA, handler))) {
            const full = `/${base}/${path}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1').replace(/:([A-Za-z0-9_]+)/g, '{$1}');
            routes.add(`${RequestMethod[method]} ${full}`);
          }
        }
      }
    }
  }
  return [...routes].sort();
}

async function fullWorld(): Promise<void> {
  backupRunning = await holdBackupLock();
  const [user, other, leaver, quitter, adm] = await Promise.all([signUp(t), signUp(t), signUp(t), signUp(t), admin(t)]);
  log('people');
  const as = (auth: [string, string]) => ({ get: (p: string) => t.http().get(p).set(...auth), post: (p: string) => t.http().post(p).set(...auth) });

  async function must<T extends { status: number; body: unknown }>(what: string, r: PromiseLike<T>, ok = [200, 201]): Promise<T> {
    const res = await r;
    if (!ok.includes(res.status)) throw new Error(`fixture ${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res;
  }

  const me = (await must('me', as(user.auth).get('/api/me'))).body as { id: string; active_account_id: string };
  const otherMe = (await must('other me', as(other.auth).get('/api/me'))).body as { id: string };
  const account = (await must('account', as(user.auth).post('/api/accounts/create').send({ display_name: 'Fuzz Second', account_type: 'brand' }))).body as { account: { id: string } };
  const garbage = Buffer.concat([MP4_HEAD, Buffer.alloc(4096, 7)]);
  const [video, reel, movie] = await Promise.all([
    must('video', upload(t, 'video', user.auth, garbage, { title: 'Fuzz video' })),
    must('reel', upload(t, 'reel', user.auth, garbage, { title: 'Fuzz reel' })),
    must('movie', upload(t, 'movie', user.auth, garbage, { title: 'Fuzz movie' })),
  ]);
  log('uploads');
  const commentOn = async (content: string) =>
    ((await must('comment', as(user.auth).post(`/api/videos/${(video.body as { id: string }).id}/comments`).send({ content }))).body as { id: string }).id;
  const [comment, commentToDelete] = [await commentOn('Fuzz comment'), await commentOn('Fuzz comment to delete')];
  const session = (await must('upload init', as(user.auth).post('/api/videos/upload/init').send({ filename: 'a.mp4', total_size: 1000, title: 'Chunked' }))).body as { session_id: string; upload_id: string };
  const checkout = (await must('checkout', as(user.auth).post('/api/subscriptions/premium/checkout').send({ package_type: 'monthly', origin_url: `${url}/` }))).body as { session_id: string };
  const tier = (await must('tier', as(user.auth).post(`/api/channels/${me.active_account_id}/membership-tiers`).send({ name: 'Fuzz tier', price: 4.99 }))).body as { id: string };
  // A live stream of the fuzz user's with a message in its chat, for every /api/live/{id} route; and one of the other
  // user's (one open stream per user), for the end route alone (as that user), so ending it leaves the first one open.
  const live = (await must('live stream', as(user.auth).post('/api/live/start').send({ title: 'Fuzz live' }))).body as { id: string };
  const liveComment = (await must('live comment', as(user.auth).post(`/api/live/${live.id}/comment`).send({ message: 'Fuzz live comment' }))).body as { id: string };
  const liveToEnd = (await must('live stream to end', as(other.auth).post('/api/live/start').send({ title: 'Fuzz live to end' }))).body as { id: string };
  // A play of a built-in game (Target Rush) of the fuzz user's, for /api/gaming/game/{id} and its score's session_id.
  const gameSession = (await must('game session', as(user.auth).post('/api/gaming/game/6a3c1f0e-5b1d-4e7a-9c01-0a0000000001/play'))).body as { session_id: string; game_id: string };
  // Two community posts of the fuzz user's: one for every /api/gaming/community/post/{id} route, one for the delete
  // route alone; and a comment of the first for the comments' delete route.
  const communityPost = async (title: string) =>
    ((await must('community post', as(user.auth).post('/api/gaming/community/post').send({ title, content: 'Fuzz content', game: 'Chess' }))).body as { id: string }).id;
  const [fuzzPost, fuzzPostToDelete] = [await communityPost('Fuzz post'), await communityPost('Fuzz post to delete')];
  const fuzzPostComment = ((await must('community comment', as(user.auth).post(`/api/gaming/community/post/${fuzzPost}/comments`).send({ content: 'Fuzz comment to delete' }))).body as { id: string }).id;
  // Two tournaments of the fuzz user's: an open one the other user joined (every /api/gaming/tournament/{id} route),
  // and a started one (the fuzz user against the other user) for the match report route, with its match.
  const startsAt = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
  const newTournament = async (name: string) =>
    ((await must('tournament', as(user.auth).post('/api/gaming/tournament/create').send({ name, game: 'Chess', prize_pool: 10, start_date: startsAt }))).body as { id: string }).id;
  const [tournament, tournamentStarted] = [await newTournament('Fuzz cup'), await newTournament('Fuzz started cup')];
  await must('tournament join', as(other.auth).post(`/api/gaming/tournament/${tournament}/join`));
  for (const who of [user, other]) await must('tournament join', as(who.auth).post(`/api/gaming/tournament/${tournamentStarted}/join`));
  const started = (await must('tournament start', as(user.auth).post(`/api/gaming/tournament/${tournamentStarted}/start`))).body as { bracket: { rounds: { matches: { id: string }[] }[] } };
  const tournamentMatch = started.bracket.rounds[0].matches[0].id;
  // A ready music track of the fuzz user's (an MP3 by its bytes, never decoded), in a playlist of theirs; and a
  // playlist for the delete route alone.
  const mp3 = Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 0]), Buffer.alloc(4096, 0x55)]);
  const musicTrack = ((await must('music track', as(user.auth).post('/api/music/upload').field('title', 'Fuzz track').field('artist', 'Fuzz artist').attach('file', mp3, { filename: 't.mp3' }))).body as { id: string }).id;
  await t.sql(`update media set status = 'ready', duration_seconds = 2 where id = $1`, [musicTrack]);
  const newPlaylist = async (name: string) => ((await must('playlist', as(user.auth).post('/api/music/playlists').send({ name }))).body as { id: string }).id;
  const [musicPlaylist, musicPlaylistToDelete] = [await newPlaylist('Fuzz playlist'), await newPlaylist('Fuzz playlist to delete')];
  await must('playlist track', as(user.auth).post(`/api/music/playlists/${musicPlaylist}/tracks`).send({ track_id: musicTrack }));
  // A ready podcast episode of the fuzz user's (an MP3 by its bytes, never decoded), and its show.
  const episode = (await must('podcast episode', as(user.auth).post('/api/podcasts/upload').field('title', 'Fuzz episode').field('show_name', 'Fuzz show').attach('file', mp3, { filename: 'e.mp3' }))).body as { id: string; show_id: string };
  await t.sql(`update media set status = 'ready', duration_seconds = 2 where id = $1`, [episode.id]);
  // An export of the fuzz user's video (queued: no job runs here), for /api/editor/exports/{id}.
  const [editorExport] = await t.sql<{ id: string }>(
    `insert into media_exports (id, media_id, user_id, resolution, height, edit, status, progress, created_at, updated_at)
     values (gen_random_uuid(), $1, $2, '720p', 720, $3::jsonb, 'queued', 0, now(), now()) returning id`,
    [(video.body as { id: string }).id, me.id, JSON.stringify({ clips: [{ start: 0, end: 1 }], filter: null, transition: null, texts: [], volume: 75, speed: 1, music: null })],
  );
  await must('follow', as(other.auth).post(`/api/users/${me.id}/follow`));
  const child = { ...(await import('./harness.js')).newUser({ date_of_birth: '2019-01-01', parent_email: 'parent.fuzz@example.com' }) };
  await must('child', t.http().post('/api/register').send(child));
  const [mail] = await t.sql<{ body: string }>(`select body from mail_outbox where recipient = 'parent.fuzz@example.com'`);
  const consentToken = /\/parental-consent\/([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1] ?? 'no-consent-token';
  // Moderation: the other user reports a video and a reel of the fuzz user's (their own, made ready, not the ones
  // above); the console strikes the video's owner: a resolved case, an open one (the reel's), a strike to appeal.
  const [reported1, reported2] = await Promise.all([
    must('reported video', upload(t, 'video', user.auth, garbage, { title: 'Fuzz reported video' })),
    must('reported reel', upload(t, 'reel', user.auth, garbage, { title: 'Fuzz reported reel' })),
  ]);
  const [videoId, reelId] = [(reported1.body as { id: string }).id, (reported2.body as { id: string }).id];
  await t.sql(`update media set status = 'ready', duration_seconds = 2 where id in ($1, $2)`, [videoId, reelId]);
  for (const [content_type, content_id] of [['video', videoId], ['reel', reelId]]) {
    await must('report', as(other.auth).post('/api/content/report').send({ content_type, content_id, reason: 'spam' }));
  }
  const [videoCase] = await t.sql<{ id: string }>('select id from moderation_cases where content_id = $1', [videoId]);
  const [reelCase] = await t.sql<{ id: string }>('select id from moderation_cases where content_id = $1', [reelId]);
  await must('decision', as(adm.adminAuth).post(`/api/admin/moderation/cases/${videoCase.id}/decision`).send({ action: 'strike', reason: 'Fuzz strike' }));
  const [strike] = await t.sql<{ id: string }>('select id from moderation_strikes where user_id = $1', [me.id]);
  // The notification of the follow above, when its event has been handled by now (the fuzzer does not need it).
  const [notification] = await t.sql<{ id: string }>(`select id from notifications limit 1`).catch(() => [] as { id: string }[]);

  // The founder, set up and signed in (30 minutes: longer than a fuzz run's requests take).
  const founder = await founderAuth(t);

  log('everything');
  const world: FuzzWorld = {
    url,
    databaseUrl: t.databaseUrl,
    stripe,
    tokens: { user: user.token, other: other.token, leaver: leaver.token, quitter: quitter.token, admin: adm.adminAuth[1].slice(7), adminUser: adm.auth[1].slice(7), founder: founder[1].slice(7) },
    names: { user: String(user.user.display_name), quitter: String(quitter.user.display_name) },
    ids: {
      userId: me.id,
      otherUserId: otherMe.id,
      adminUserId: adm.id,
      account: me.active_account_id,
      secondAccount: account.account.id,
      video: (video.body as { id: string }).id,
      reel: (reel.body as { id: string }).id,
      movie: (movie.body as { movie: { id: string } }).movie.id,
      comment,
      commentToDelete,
      uploadSession: session.session_id,
      checkoutSession: checkout.session_id,
      tier: tier.id,
      liveStream: live.id,
      liveComment: liveComment.id,
      liveStreamToEnd: liveToEnd.id,
      game: gameSession.game_id,
      gameSession: gameSession.session_id,
      communityPost: fuzzPost,
      communityPostToDelete: fuzzPostToDelete,
      communityCommentToDelete: fuzzPostComment,
      tournament,
      tournamentStarted,
      tournamentMatch,
      musicTrack,
      editorExport: editorExport.id,
      musicPlaylist,
      musicPlaylistToDelete,
      podcastEpisode: episode.id,
      podcastShow: episode.show_id,
      consentToken,
      notification: notification?.id ?? '00000000-0000-4000-8000-000000000000',
      moderationCase: reelCase.id,
      strike: strike.id,
      featureFlag: 'fuzz_flag',
      installedVersion: t.config.version,
    },
    consoleRoutes: consoleRoutes(),
  };
  process.stdout.write(`FUZZ_WORLD ${JSON.stringify(world)}\n`);
}
