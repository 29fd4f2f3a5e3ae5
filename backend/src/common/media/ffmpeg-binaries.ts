import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';

const require = createRequire(import.meta.url);
const found = new Map<'ffmpeg' | 'ffprobe', string>();

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, name);
    if (!dir || candidate.includes('node_modules')) continue;
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      /* next */
    }
  }
  return null;
}

/**
 * The ffmpeg or ffprobe every context runs (processing, the demo's media, live ingest): Debian's binary when on PATH
 * (it has the system's codecs and updates), else the one shipped in node_modules. Looked up once per process.
 */
export function resolveBinary(name: 'ffmpeg' | 'ffprobe'): string {
  let path = found.get(name);
  if (!path) {
    path = onPath(name) ?? (require(name === 'ffmpeg' ? '@ffmpeg-installer/ffmpeg' : '@ffprobe-installer/ffprobe') as { path: string }).path;
    found.set(name, path);
  }
  return path;
}
