import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';

/** Where a stream's LL-HLS files and recording parts live while it is open: DATA_DIR/live/<stream id>/. */
export const liveRoot = (dataDir: string) => join(dataDir, 'live');
export const liveDir = (dataDir: string, streamId: string) => join(liveRoot(dataDir), streamId.toLowerCase());

const require = createRequire(import.meta.url);

let ffmpeg: string | undefined;

/**
 * Debian's ffmpeg when on PATH, else the one shipped in node_modules (as the catalog's processing finds it); looked up
 * once per process, not on every publish.
 */
export function ffmpegBinary(): string {
  return (ffmpeg ??= findFfmpeg());
}

function findFfmpeg(): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, 'ffmpeg');
    if (!dir || candidate.includes('node_modules')) continue;
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      /* next */
    }
  }
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}
