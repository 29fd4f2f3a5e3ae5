import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestApp } from './harness.js';
import { FFMPEG, PNG_HEAD, type Auth } from './media-fixtures.js';

const run = promisify(execFile);

/** Audio made with the real ffmpeg at test time. */
export interface Tunes {
  dir: string;
  /** 3 s sine, MP3, ID3 tags (title, artist, album "Tag Album") and a JPEG cover picture. */
  taggedMp3: string;
  /** 2 s sine MP3 with no ID3 tag at all (starts with a frame sync). */
  bareMp3: string;
  /** 2 s FLAC (lossless: gets a web rendition). */
  flac: string;
  /** 2 s WAV (lossless). */
  wav: string;
  /** 2 s Ogg Vorbis. */
  ogg: string;
  /** 2 s AAC in an MP4 of brand isom (audio only: judged by its handler boxes). */
  aacMp4: string;
  /** 2 s AAC in an M4A (brand 'M4A '). */
  m4a: string;
  /** 2 s Opus in WebM, sound only (judged by its Matroska track types). */
  opusWebm: string;
  /** 2 s FLAC in Matroska (MKA), sound only: browsers do not play it, so it gets a rendition. */
  mka: string;
  /** 2 s VP8 + Opus WebM (a video: never audio). */
  videoWebm: string;
  /** 2 s 320x240 H.264 + AAC MP4 (a music video). */
  video: string;
  /** A PNG renamed .mp3. */
  pngAsMp3: string;
  /** The bytes of a FLAC head followed by garbage: accepted at upload, not decodable. */
  brokenFlac: string;
  bytes(path: string): Buffer;
  cleanup(): void;
}

export async function makeTunes(): Promise<Tunes> {
  const dir = mkdtempSync(join(tmpdir(), 'scriven-tunes-'));
  const p = (f: string) => join(dir, f);
  const ff = (args: string[]) => run(FFMPEG, ['-v', 'error', '-y', ...args]);
  await ff(['-f', 'lavfi', '-i', 'testsrc2=size=320x320', '-frames:v', '1', p('cover.jpg')]);
  await Promise.all([
    ff(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', '-i', p('cover.jpg'), '-map', '0:a', '-map', '1:v', '-c:a', 'libmp3lame', '-b:a', '64k', '-c:v', 'mjpeg', '-id3v2_version', '3',
      '-metadata', 'title=Tag Title', '-metadata', 'artist=Tag Artist', '-metadata', 'album=Tag Album', '-disposition:v', 'attached_pic', p('tagged.mp3')]),
    ff(['-f', 'lavfi', '-i', 'sine=frequency=330:duration=2', '-c:a', 'libmp3lame', '-b:a', '64k', '-id3v2_version', '0', '-write_xing', '0', p('bare.mp3')]),
    ff(['-f', 'lavfi', '-i', 'sine=frequency=550:duration=2', '-c:a', 'flac', p('tone.flac')]),
    ff(['-f', 'lavfi', '-i', 'sine=frequency=660:duration=2', '-c:a', 'pcm_s16le', p('tone.wav')]),
    ff(['-f', 'lavfi', '-i', 'sine=frequency=770:duration=2', '-c:a', 'libvorbis', p('tone.ogg')]),
    ff(['-f', 'lavfi', '-i', 'sine=frequency=880:duration=2', '-c:a', 'aac', '-f', 'mp4', p('tone.mp4')]),
    ff(['-f', 'lavfi', '-i', 'sine=frequency=990:duration=2', '-c:a', 'aac', '-f', 'ipod', p('tone.m4a')]),
    ff(['-f', 'lavfi', '-i', 'sine=frequency=523:duration=2', '-c:a', 'libopus', '-b:a', '48k', '-f', 'webm', p('tone.webm')]),
    ff(['-f', 'lavfi', '-i', 'sine=frequency=587:duration=2', '-c:a', 'flac', '-f', 'matroska', p('tone.mka')]),
    ff(['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=10', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '2', '-c:v', 'libvpx', '-deadline', 'realtime', '-b:v', '100k', '-c:a', 'libopus', '-shortest', '-f', 'webm', p('clip.webm')]),
    ff(['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', p('clip.mp4')]),
  ]);
  writeFileSync(p('picture.mp3'), Buffer.concat([PNG_HEAD, Buffer.alloc(4000, 7)]));
  const garbage = Buffer.alloc(50_000);
  for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919 + 13) % 251;
  writeFileSync(p('broken.flac'), Buffer.concat([Buffer.from('fLaC'), garbage]));
  return {
    dir,
    taggedMp3: p('tagged.mp3'),
    bareMp3: p('bare.mp3'),
    flac: p('tone.flac'),
    wav: p('tone.wav'),
    ogg: p('tone.ogg'),
    aacMp4: p('tone.mp4'),
    m4a: p('tone.m4a'),
    opusWebm: p('tone.webm'),
    mka: p('tone.mka'),
    videoWebm: p('clip.webm'),
    video: p('clip.mp4'),
    pngAsMp3: p('picture.mp3'),
    brokenFlac: p('broken.flac'),
    bytes: (path) => readFileSync(path),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** POST /api/music/upload: the fields first, as a browser form sends them. */
export function uploadTrack(t: TestApp, auth: Auth | null, file: string | Buffer | null, fields: Record<string, string>, filename?: string) {
  let req = t.http().post('/api/music/upload');
  if (auth) req = req.set(...auth);
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  if (file !== null) req = req.attach('file', file as never, filename ? { filename } : Buffer.isBuffer(file) ? { filename: 'track.mp3' } : {});
  return req;
}

/** Marks a track ready as processing would (tests of access and streaming that need no ffmpeg). */
export async function markTrackReady(t: TestApp, id: string): Promise<void> {
  const rows = await t.sql(`update media set status = 'ready', duration_seconds = 2, updated_at = now() where id = $1 and kind = 'track' returning id`, [id]);
  if (rows.length !== 1) throw new Error(`no track ${id}`);
}
