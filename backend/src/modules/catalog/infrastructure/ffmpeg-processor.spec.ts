import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ownerFacing } from '../application/process-media.job.js';
import { FfmpegProcessor } from './ffmpeg-processor.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

describe('FfmpegProcessor.probe tells a file that is not media from a failed attempt', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'scriven-probe-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers null for bytes ffprobe refuses (the item fails: not media)', async () => {
    const file = join(dir, 'notes.mp4');
    writeFileSync(file, 'these are not the bytes of a video, whatever the name says\n'.repeat(100));
    await expect(new FfmpegProcessor().probe(file)).resolves.toBeNull();
  });

  it('throws when the file is missing (the job retries instead of blaming the upload)', async () => {
    await expect(new FfmpegProcessor().probe(join(dir, 'gone.mp4'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('throws when ffprobe cannot run at all', async () => {
    const p = new FfmpegProcessor();
    const file = join(dir, 'any.mp4');
    writeFileSync(file, 'x');
    Object.assign(p, { ffprobe: join(dir, 'no-such-ffprobe') });
    await expect(p.probe(file)).rejects.toThrow();
  });
});

describe('ownerFacing', () => {
  it("keeps what went wrong and drops the server's paths", () => {
    const reason = 'ffmpeg exited 1: /srv/scriven/data/media/originals/0b5c.mp4: Invalid data found | Could not write /srv/scriven/data/tmp/process-x/hls/720p/seg_00001.ts';
    const shown = ownerFacing(reason);
    expect(shown).toBe('ffmpeg exited 1: (file) Invalid data found | Could not write (file)');
    expect(shown).not.toContain('/srv');
  });
});

/**
 * `npm install` brings a static ffmpeg for machines without Debian's. That build is from 2018: the HLS ladder must come
 * out of it as it does out of a current ffmpeg (it rejected `name:` in -var_stream_map, so 720p with sound never played).
 */
describe('the HLS ladder with the ffmpeg npm installs', () => {
  const bundled = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'scriven-hls-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes 720p, 480p and 360p with sound, and a master playlist naming each with its size', async () => {
    const source = join(dir, 'clip.mp4');
    await run(bundled, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', source]);
    const processor = new FfmpegProcessor();
    (processor as { ffmpeg: string }).ffmpeg = bundled;
    const out = join(dir, 'hls');
    await processor.hls(source, [720, 480, 360], true, out, { width: 1280, height: 720 });

    const master = readFileSync(join(out, 'master.m3u8'), 'utf8');
    expect(master.split('\n').filter((l) => l && !l.startsWith('#'))).toEqual(['720p/index.m3u8', '480p/index.m3u8', '360p/index.m3u8']);
    expect(master).toMatch(/RESOLUTION=1280x720\n720p/);
    expect(master).toMatch(/RESOLUTION=854x480\n480p/);
    expect(master).toMatch(/RESOLUTION=640x360\n360p/);
    for (const h of [720, 480, 360]) {
      const playlist = readFileSync(join(out, `${h}p`, 'index.m3u8'), 'utf8');
      expect(playlist).toMatch(/#EXT-X-ENDLIST/);
      expect(readdirSync(join(out, `${h}p`)).filter((f) => f.endsWith('.ts')).length).toBeGreaterThan(0);
    }
  });
});
