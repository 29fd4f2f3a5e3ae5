#!/usr/bin/env node
// npm run bench:editor (and part of npm run bench unless BENCH_EDITOR=0): the editor studio of issue 19, on the built
// server and a fresh database (a new one on DATABASE_URL's server, else the embedded server of a temporary data
// directory).
//  1. Export: a 60 s 1080p clip (testsrc2 at 30 fps with a stereo tone, made once and cached) is uploaded and
//     processed, with a 30 s MP3 as background music. Its edit is saved (the whole clip, the Vintage filter, a
//     title and the track at volume 30) and exported at 1080p through POST /api/editor/videos/{id}/exports; the
//     export is followed every 100 ms until it leaves 'rendering'. Reported: seconds of work per second of output
//     (request to rendered, and rendering alone), against ffmpeg run by hand on the same files with the same
//     arguments (the renderer's own renderArgs from backend/dist, spawned, no server), once before the export and once
//     after it (and after its new video was processed), their mean as the reference. Goal: the server's overhead
//     under 10%.
//  2. Preview: BENCH_EDITOR_PREVIEWS (5) previews of a 10 s range (20–30 s) of that edit, one at a time, through
//     POST /api/editor/videos/{id}/preview, each body read to its end and checked to be an MP4. Goal: under 3 s.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchDatabase, freePort, root, signUp, startApp } from './lib.mjs';
import { CACHE, ffmpegBinary } from './media.mjs';

const PREVIEWS = Number(process.env.BENCH_EDITOR_PREVIEWS ?? 5);
const SECONDS = 60;
const fmt = (n, d = 2) => n.toFixed(d);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function json(res, want) {
  const text = await res.text();
  if (res.status !== want) throw new Error(`${res.url}: ${res.status} ${text.slice(0, 500)}`);
  return JSON.parse(text);
}

/** The cached inputs, made once (to a temporary name, then renamed). */
function inputs(ffmpeg) {
  mkdirSync(CACHE, { recursive: true });
  const clip = join(CACHE, 'editor-60s-1080p.mp4');
  const music = join(CACHE, 'editor-music-30s.mp3');
  const make = (file, args) => {
    if (existsSync(file) && statSync(file).size > 0) return;
    const temp = `${file}.${process.pid}.tmp${file.slice(file.lastIndexOf('.'))}`;
    execFileSync(ffmpeg, ['-v', 'error', '-y', ...args, temp]);
    renameSync(temp, file);
  };
  make(clip, [
    '-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30:duration=${SECONDS}`,
    '-f', 'lavfi', '-i', `sine=frequency=330:sample_rate=48000:duration=${SECONDS}`,
    '-ac', '2', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-shortest',
  ]);
  make(music, ['-f', 'lavfi', '-i', 'sine=frequency=220:sample_rate=44100:duration=30', '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '128k']);
  return { clip, music };
}

async function waitReady(base, auth, path, timeoutMs) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const item = await json(await fetch(`${base}${path}`, { headers: auth }), 200);
    if (item.status === 'ready') return item;
    if (item.status === 'failed' || Date.now() > until) throw new Error(`${path} ended ${item.status}`);
    await sleep(250);
  }
}

/** The export's new video, once the export is done. */
async function waitDone(base, auth, exportId) {
  for (;;) {
    const e = await json(await fetch(`${base}/api/editor/exports/${exportId}`, { headers: auth }), 200);
    if (e.status === 'done') return e.result_video_id;
    if (e.status === 'failed' || e.status === 'cancelled') throw new Error(`the export ended ${e.status}: ${e.error}`);
    await sleep(250);
  }
}

async function upload(base, auth, path, fields, file, type) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([readFileSync(file)], { type }), file.split('/').pop());
  return json(await fetch(`${base}${path}`, { method: 'POST', headers: auth, body: form }), 201);
}

function run(bin, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err = (err + d).slice(-2000)));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}: ${err}`))));
  });
}

async function main() {
  const ffmpeg = ffmpegBinary();
  const { clip, music } = inputs(ffmpeg);
  const dataDir = mkdtempSync(join(tmpdir(), 'scriven-bench-editor-'));
  const work = mkdtempSync(join(tmpdir(), 'scriven-bench-editor-hand-'));
  const port = await freePort();
  const pgPort = await freePort();
  const env = { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000', ENGAGEMENT_LIMIT_PER_MINUTE: '100000', EMBEDDED_PG_PORT: String(pgPort) };
  const db = await benchDatabase('editor', env, dataDir, pgPort);
  const app = startApp(env);
  try {
    await app.ready;
    const base = `http://127.0.0.1:${port}`;
    const auth = await signUp(base, 'bench_editor');
    console.log(`\nEditor studio benchmark (node ${process.version}, ${ffmpeg})`);
    const t0 = performance.now();
    const video = await upload(base, auth, '/api/videos/upload', { title: 'Editor benchmark' }, clip, 'video/mp4');
    const track = await upload(base, auth, '/api/music/upload', { title: 'Bench bed', artist: 'Bench', genre: 'Jazz' }, music, 'audio/mpeg');
    await waitReady(base, auth, `/api/videos/${video.id}`, 900_000);
    await waitReady(base, auth, `/api/music/tracks/${track.id}`, 300_000);
    console.log(`inputs uploaded and processed in ${fmt((performance.now() - t0) / 1000, 1)} s`);

    const body = {
      clips: [{ start: 0, end: SECONDS }],
      filter: 'Vintage',
      transition: null,
      texts: [{ kind: 'title', text: 'Benchmark: "one minute"', start: 0, end: 5, position: 'center' }],
      volume: 75,
      speed: 1,
      music: { track_id: track.id, volume: 30 },
    };
    const headers = { ...auth, 'content-type': 'application/json' };
    const saved = await json(await fetch(`${base}/api/editor/videos/${video.id}/draft`, { method: 'PUT', headers, body: JSON.stringify({ version: 0, edit: body }) }), 200);

    // 2. Previews (first: the export's render would share the machine otherwise).
    const previews = [];
    for (let i = 0; i < PREVIEWS; i++) {
      const p0 = performance.now();
      const res = await fetch(`${base}/api/editor/videos/${video.id}/preview`, { method: 'POST', headers, body: JSON.stringify({ edit: body, from: 20, to: 30 }) });
      const bytes = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200 || bytes.subarray(4, 8).toString('latin1') !== 'ftyp') throw new Error(`preview: ${res.status} ${bytes.subarray(0, 200).toString()}`);
      previews.push((performance.now() - p0) / 1000);
    }

    // ffmpeg by hand, first (the export's new video is processed into HLS afterwards, which would share the machine): the renderer's own arguments for the same edit, files and size.
    const { renderArgs, findFonts } = await import(pathToFileURL(join(root, 'backend/dist/src/modules/catalog/infrastructure/ffmpeg-editor.js')).href);
    const plan = renderArgs({
      source: clip,
      facts: { durationSeconds: SECONDS, width: 1920, height: 1080, hasAudio: true },
      edit: { ...body, music: { trackId: track.id, volume: 30 } },
      height: 1080,
      outFile: join(work, 'hand.mp4'),
      music: { path: music, offset: 0 },
      quality: 'export',
      fps: '30',
      monoAudio: false,
      monoMusic: false,
      tempDir: work,
      fonts: findFonts(),
    });
    for (const f of plan.files) writeFileSync(f.path, f.content);
    const byHand = async () => {
      const h0 = performance.now();
      await run(ffmpeg, plan.args);
      return (performance.now() - h0) / 1000;
    };
    const handBefore = await byHand();

    // 1. The export through the server.
    const e0 = performance.now();
    const started = await json(await fetch(`${base}/api/editor/videos/${video.id}/exports`, { method: 'POST', headers, body: JSON.stringify({ resolution: '1080p', version: saved.version }) }), 202);
    let renderingAt = null;
    let renderedAt = null;
    for (;;) {
      const e = await json(await fetch(`${base}/api/editor/exports/${started.id}`, { headers: auth }), 200);
      const now = performance.now();
      if (e.status === 'rendering' && renderingAt === null) renderingAt = now;
      if (e.status === 'publishing' || e.status === 'done') {
        renderedAt = now;
        break;
      }
      if (e.status === 'failed' || e.status === 'cancelled') throw new Error(`the export ended ${e.status}: ${e.error}`);
      if (now - e0 > 1_800_000) throw new Error('the export took over 30 minutes');
      await sleep(100);
    }
    const served = (renderedAt - e0) / 1000;
    // And again after (the machine's speed drifts): the reference is the mean of the two. The export's new video is
    // processed into HLS first, so that nothing shares the machine with the second run.
    await waitReady(base, auth, `/api/videos/${await waitDone(base, auth, started.id)}`, 900_000);
    const handAfter = await byHand();
    const hand = (handBefore + handAfter) / 2;
    const rendering = (renderedAt - (renderingAt ?? e0)) / 1000;

    const overhead = served / hand - 1;
    console.log(`\nExport of a ${SECONDS} s 1080p clip with the Vintage filter, a title and background music, at 1080p:`);
    console.log(`  through the server (request to rendered):   ${fmt(served, 1)} s = ${fmt(served / SECONDS)} s of work per second of output (rendering alone ${fmt(rendering, 1)} s)`);
    console.log(`  ffmpeg by hand, same arguments:             ${fmt(hand, 1)} s = ${fmt(hand / SECONDS)} s per second of output (mean of ${fmt(handBefore, 1)} s before and ${fmt(handAfter, 1)} s after)`);
    console.log(`  server overhead: ${fmt(overhead * 100, 1)}% (goal under 10%: ${overhead < 0.1 ? 'met' : 'NOT met'})`);
    console.log(`\nPreview of a 10 s range at 360p (${PREVIEWS} one at a time): median ${fmt(median(previews))} s, max ${fmt(Math.max(...previews))} s (goal under 3 s: ${median(previews) < 3 ? 'met' : 'NOT met'})`);
  } finally {
    await app.stop();
    await db.drop?.();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
