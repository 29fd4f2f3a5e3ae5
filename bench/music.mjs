#!/usr/bin/env node
// npm run bench:music (and part of npm run bench unless BENCH_MUSIC=0): the music library of issue 14, on the built
// server and a fresh database (a new one on DATABASE_URL's server, else the embedded server of a temporary data
// directory).
//  1. The library query at BENCH_MUSIC_TRACKS (1,000,000) tracks: media rows of kind 'track' with their music_tracks
//     rows, written with generate_series (a tenth of them private or still processing, plays spread 0..100,000,
//     genres and audio/video mixed), then VACUUM ANALYZE. Then, one request at a time after a warm-up,
//     BENCH_MUSIC_REQUESTS (300) each of GET /api/music/tracks: newest first, most played (Discover's popular), one
//     genre, music videos only, and the second page of the newest. Goal: p95 under 30 ms.
//  2. Audio range streaming: one real MP3 is uploaded, then the 1 GiB file of bench/media.mjs is put under its key,
//     and 16 parallel readers of random 1 MiB and 16 MiB ranges read GET /api/music/tracks/{id}/stream against
//     Debian's nginx serving the same file, as the video stream is measured. Goal: at least 60% of nginx.
//  3. A podcast show's RSS feed at BENCH_MUSIC_EPISODES (1,000) episodes: one real MP3 episode is uploaded (it makes the
//     show), then its media and podcast_episodes rows are copied by SQL into that many ready public episodes of the
//     show (the columns the upload path wrote, the same stored file; numbered over seasons of 100), then VACUUM
//     ANALYZE. Then BENCH_MUSIC_REQUESTS requests one at a time of GET /api/podcasts/shows/{id}/feed.xml, each body
//     checked to hold every episode as an <item> (and, when the feed answers with an ETag, as many again with
//     If-None-Match, which must be 304). Goal: p95 under 50 ms.
// BENCH_MUSIC_PARTS (library,stream,rss) picks the parts; they run in this order, so the feed's queries run beside
// the library's million tracks.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { benchDatabase, freePort, signUp, startApp } from './lib.mjs';
import { percentile } from './corpus.mjs';
import { CACHE, ensureStreamFile, ffmpegBinary, streamingBench } from './media.mjs';

const TRACKS = Number(process.env.BENCH_MUSIC_TRACKS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_MUSIC_REQUESTS ?? 300);
const EPISODES = Number(process.env.BENCH_MUSIC_EPISODES ?? 1000);
const PARTS = new Set((process.env.BENCH_MUSIC_PARTS ?? 'library,stream,rss').split(',').map((x) => x.trim()));
const pct = (r) => `${(r * 100).toFixed(1)}%`;

async function step(db, label, sql, params = []) {
  const t0 = Date.now();
  await db.query(sql, params);
  console.log(`  ${label}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

async function corpus(db, userId) {
  console.log(`Writing ${TRACKS.toLocaleString()} tracks:`);
  const { rows } = await db.query('select id from accounts where user_id = $1 limit 1', [userId]);
  const accountId = rows[0].id;
  await step(
    db,
    'media',
    `insert into media (id, kind, account_id, user_id, title, status, visibility, original_key, original_size, content_type, duration_seconds,
                        hls_renditions, views, tags, genres, "cast", created_at, updated_at)
     select gen_random_uuid(), 'track', $1, $2, 'Track ' || s, case when s % 20 = 0 then 'processing' else 'ready' end,
            case when s % 20 = 1 then 'private' else 'public' end, 'bench-track-' || s, 4000000, 'audio/mpeg', 180,
            '[]', (random() * random() * 100000)::bigint, '[]', '[]', '[]', now() - (s || ' seconds')::interval, now()
       from generate_series(1, $3::int) s`,
    [accountId, userId, TRACKS],
  );
  await step(
    db,
    'music_tracks',
    `insert into music_tracks (media_id, artist, album, genre, content_type)
     select id, 'Artist ' || (abs(hashtext(id::text)) % 5000), 'Album ' || (abs(hashtext(id::text)) % 20000),
            (array['Pop', 'Rock', 'Electronic', 'Hip-Hop', 'Classical', 'Jazz', 'Country', 'R&B'])[1 + abs(hashtext(id::text)) % 8],
            case when abs(hashtext(id::text)) % 10 = 0 then 'video' else 'audio' end
       from media where kind = 'track' and original_key like 'bench-track-%'`,
  );
  await step(db, 'vacuum analyze', 'vacuum analyze media, music_tracks');
}

async function measure(url, check) {
  for (let i = 0; i < 30; i++) await (await fetch(url)).arrayBuffer(); // warm-up, not counted
  const times = [];
  let last;
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    const r = await fetch(url);
    last = await r.json();
    times.push(performance.now() - t0);
    if (r.status !== 200) throw new Error(`${url}: ${r.status} ${JSON.stringify(last)}`);
  }
  check?.(last);
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), last };
}

/** Times `REQUESTS` GETs of a text document one at a time after a warm-up; `check` sees each response and its body. */
async function measureText(url, headers, check) {
  for (let i = 0; i < 30; i++) await (await fetch(url, { headers })).arrayBuffer(); // warm-up, not counted
  const times = [];
  let last;
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    const r = await fetch(url, { headers });
    const body = await r.text();
    times.push(performance.now() - t0);
    check(r, body);
    last = { r, body };
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), last };
}

/**
 * The show of one uploaded MP3 episode grown to EPISODES ready public episodes by SQL: the uploaded episode's media and
 * podcast_episodes rows copied (every column the upload and processing wrote; new ids, titles, numbers and dates).
 */
async function podcastCorpus(db, episodeId) {
  console.log(`Writing a show of ${EPISODES.toLocaleString()} episodes:`);
  const cols = (await db.query(`select column_name from information_schema.columns where table_schema = current_schema() and table_name = 'media' order by ordinal_position`)).rows.map((r) => r.column_name);
  const own = {
    id: 'n.id',
    title: `'Episode ' || n.s || ': ' || m.title`,
    description: `'Show notes of episode ' || n.s || '. ' || coalesce(m.description, '')`,
    created_at: `m.created_at - make_interval(secs => n.s)`,
    updated_at: 'm.updated_at',
  };
  const list = cols.map((c) => `"${c}"`).join(', ');
  const values = cols.map((c) => own[c] ?? `m."${c}"`).join(', ');
  await db.query('create temporary table bench_episodes as select gen_random_uuid() as id, s from generate_series(1, $1::int) s', [EPISODES - 1]);
  await step(db, 'media', `insert into media (${list}) select ${values} from media m cross join bench_episodes n where m.id = $1`, [episodeId]);
  await step(
    db,
    'podcast_episodes',
    `insert into podcast_episodes (media_id, show_id, episode_number, season_number, category, peaks, audio_key, codec)
     select n.id, e.show_id, 1 + n.s % 100, 1 + n.s / 100, e.category, e.peaks, e.audio_key, e.codec
       from podcast_episodes e cross join bench_episodes n where e.media_id = $1`,
    [episodeId],
  );
  await step(db, 'vacuum analyze', 'vacuum analyze media, podcast_episodes, podcast_shows');
}

async function feedBench(base, auth, tempRoot, database) {
  const mp3 = join(tempRoot, 'talk.mp3');
  execFileSync(ffmpegBinary(), ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=220:duration=5', '-c:a', 'libmp3lame', '-b:a', '64k', mp3]);
  const form = new FormData();
  for (const [k, v] of Object.entries({ title: 'Bench talk', description: 'A five-second tone.', show_name: 'Bench Show', category: 'Technology', episode_number: '1', season_number: '1' })) form.append(k, v);
  form.append('file', new Blob([readFileSync(mp3)], { type: 'audio/mpeg' }), 'talk.mp3');
  const up = await fetch(`${base}/api/podcasts/upload`, { method: 'POST', headers: auth, body: form });
  if (up.status !== 201) throw new Error(`episode upload: ${up.status} ${await up.text()}`);
  const uploaded = await up.json();
  // The owner's list of the show holds the episode in every state.
  for (const deadline = Date.now() + 120_000; ; ) {
    const e = ((await (await fetch(`${base}/api/podcasts/episodes?show=${uploaded.show_id}`, { headers: auth })).json()).episodes ?? []).find((x) => x.id === uploaded.id);
    if (e?.status === 'ready') break;
    if (e?.status === 'failed' || Date.now() > deadline) throw new Error(`the uploaded episode ended ${e?.status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const db = new pg.Client({ connectionString: database.url() });
  await db.connect();
  await podcastCorpus(db, uploaded.id);
  await db.end();

  const url = `${base}/api/podcasts/shows/${uploaded.show_id}/feed.xml`;
  const items = (body) => body.split('<item>').length - 1;
  console.log(`
A show's RSS feed at ${EPISODES.toLocaleString()} episodes, GET /api/podcasts/shows/{id}/feed.xml (${REQUESTS} requests, one at a time):`);
  console.log('  request                                   p50 ms   p95 ms   p99 ms   body');
  const whole = await measureText(url, {}, (r, body) => {
    if (r.status !== 200) throw new Error(`feed: ${r.status} ${body.slice(0, 200)}`);
    if (items(body) !== EPISODES) throw new Error(`the feed lists ${items(body)} episodes, not ${EPISODES}`);
  });
  const kb = (n) => `${(n / 1024).toFixed(0)} KiB`;
  console.log(`  ${'the whole feed'.padEnd(40)} ${whole.p50.toFixed(1).padStart(6)}   ${whole.p95.toFixed(1).padStart(6)}   ${whole.p99.toFixed(1).padStart(6)}   ${kb(Buffer.byteLength(whole.last.body))}, ${items(whole.last.body)} <item>`);
  let worst = whole.p95;
  const etag = whole.last.r.headers.get('etag');
  if (etag) {
    const cached = await measureText(url, { 'if-none-match': etag }, (r) => {
      if (r.status !== 304) throw new Error(`If-None-Match: ${r.status}, not 304`);
    });
    console.log(`  ${'If-None-Match (304)'.padEnd(40)} ${cached.p50.toFixed(1).padStart(6)}   ${cached.p95.toFixed(1).padStart(6)}   ${cached.p99.toFixed(1).padStart(6)}`);
    worst = Math.max(worst, cached.p95);
  } else console.log('  (the feed sends no ETag: nothing to measure with If-None-Match)');
  console.log(`\nGoal: the RSS feed of a show with ${EPISODES.toLocaleString()} episodes, p95 under 50 ms: ${worst.toFixed(1)} ms (${worst < 50 ? 'met' : 'NOT met'})`);
}

async function waitReady(base, auth, id) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const t = await (await fetch(`${base}/api/music/tracks/${id}`, { headers: auth })).json();
    if (t.status === 'ready') return t;
    if (t.status === 'failed' || Date.now() > deadline) throw new Error(`the uploaded track ended ${t.status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function runMusicBench() {
  const tempRoot = mkdtempSync(join(tmpdir(), 'scriven-bench-music-'));
  chmodSync(tempRoot, 0o755); // the embedded PostgreSQL and nginx's workers may run as other users
  const dataDir = join(tempRoot, 'data');
  const port = await freePort();
  const pgPort = await freePort();
  // The per-address media budget (12,000 requests a minute) would stop 16 readers of 1 MiB ranges within seconds.
  const env = { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000', MEDIA_RATE_LIMIT_PER_MINUTE: '10000000', EMBEDDED_PG_PORT: String(pgPort) };
  const database = await benchDatabase('music', env, dataDir, pgPort);
  const app = startApp(env);
  const cleanups = [];
  try {
    await app.ready;
    const base = `http://127.0.0.1:${port}`;
    const auth = await signUp(base, 'bench_musician');
    const me = await (await fetch(`${base}/api/me`, { headers: auth })).json();

    // One real track first: the stream measure serves the 1 GiB file under its key.
    const ffmpeg = ffmpegBinary();
    if (!ffmpeg) throw new Error('no ffmpeg: neither on PATH nor from @ffmpeg-installer/ffmpeg');
    mkdirSync(CACHE, { recursive: true, mode: 0o755 });
    chmodSync(CACHE, 0o755);
    const mp3 = join(tempRoot, 'tone.mp3');
    execFileSync(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=5', '-c:a', 'libmp3lame', '-b:a', '128k', mp3]);
    const form = new FormData();
    for (const [k, v] of Object.entries({ title: 'Bench tone', artist: 'Bench', genre: 'Electronic', content_type: 'audio' })) form.append(k, v);
    form.append('file', new Blob([readFileSync(mp3)], { type: 'audio/mpeg' }), 'tone.mp3');
    const up = await fetch(`${base}/api/music/upload`, { method: 'POST', headers: auth, body: form });
    if (up.status !== 201) throw new Error(`upload: ${up.status} ${await up.text()}`);
    const track = await waitReady(base, auth, (await up.json()).id);

    if (PARTS.has('library')) await library(base, database, me);
    // The stream part before the feed's: it finds the one track's file among the stored originals.
    if (PARTS.has('stream')) await streamBench(base, auth, track, dataDir, tempRoot, cleanups);
    if (PARTS.has('rss')) await feedBench(base, auth, tempRoot, database);
  } finally {
    while (cleanups.length) await cleanups.pop()().catch(() => undefined);
    await app.stop();
    if (database.drop) await database.drop();
    rmSync(tempRoot, { recursive: true, force: true });
  }
}

async function library(base, database, me) {
  const db = new pg.Client({ connectionString: database.url() });
  await db.connect();
  await corpus(db, me.id);
  await db.end();

  const url = (q) => `${base}/api/music/tracks${q}`;
  const full = (b) => {
    if (b.tracks.length !== 20) throw new Error(`expected a full page of 20, got ${b.tracks.length}`);
  };
  console.log(`\nThe music library at ${TRACKS.toLocaleString()} tracks, GET /api/music/tracks (${REQUESTS} requests each, one at a time, pages of 20):`);
  console.log('  request                                   p50 ms   p95 ms   p99 ms');
  const row = (name, r) => console.log(`  ${name.padEnd(40)} ${r.p50.toFixed(1).padStart(6)}   ${r.p95.toFixed(1).padStart(6)}   ${r.p99.toFixed(1).padStart(6)}`);
  const results = {};
  results.newest = await measure(url('?limit=20'), full);
  row('newest first', results.newest);
  results.popular = await measure(url('?limit=20&sort=popular'), full);
  row('most played (Discover)', results.popular);
  results.genre = await measure(url('?limit=20&genre=Jazz'), full);
  row('one genre (Jazz), newest first', results.genre);
  results.videos = await measure(url('?limit=20&content_type=video'), full);
  row('music videos, newest first', results.videos);
  const cursor = results.newest.last.next_cursor;
  results.page2 = await measure(url(`?limit=20&cursor=${encodeURIComponent(cursor)}`), full);
  row('newest, second page (keyset)', results.page2);
  const floor = await measure(`${base}/api/health`);
  row("GET /api/health (this machine's floor)", floor);
  const worst = Math.max(...Object.values(results).map((r) => r.p95));
  console.log(`\nGoal: the music library query at ${TRACKS.toLocaleString()} tracks, p95 under 30 ms: ${worst.toFixed(1)} ms at worst (${worst < 30 ? 'met' : 'NOT met'})`);
}

async function streamBench(base, auth, track, dataDir, tempRoot, cleanups) {
  const big = await ensureStreamFile();
  const stream = await streamingBench({ base, auth, video: track, dataDir, bigFile: big.file, tempRoot, cleanups });
  console.log('\nAudio range streaming, GET /api/music/tracks/{id}/stream, 16 parallel readers of random ranges of a 1 GiB file:');
  if (stream.nginx) console.log(`nginx ${stream.nginx.version} serves the same file from a generated nginx.conf`);
  else console.log(stream.nginxNote);
  for (const r of stream.rows) console.log(`  ${String(r.mib).padStart(2)} MiB ranges: Scriven ${r.s.mbps.toFixed(0)} MB/s${r.n ? `, nginx ${r.n.mbps.toFixed(0)} MB/s, ratio ${pct(r.ratio)}` : ''}`);
  if (stream.nginx) console.log(`Goal: audio ranges at least 60% of nginx: ${stream.rows.map((r) => `${r.mib} MiB ${pct(r.ratio)} (${r.ratio >= 0.6 ? 'met' : 'NOT met'})`).join(', ')}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runMusicBench().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
