import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ownerFacing } from '../application/process-media.job.js';
import { FfmpegProcessor } from './ffmpeg-processor.js';

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
