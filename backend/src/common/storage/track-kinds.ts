import { open } from 'node:fs/promises';
import { isoTrackKinds, matroskaTrackKinds, type VideoContainer } from './sniff.js';

const SPAN = 1024 * 1024;

/**
 * The track kinds of a video container on disk, from its bytes: an MP4/MOV from its first and last MiB (where its
 * 'moov' box is), a WebM/MKV from its first MiB (its Tracks element comes before the media). Null when they could
 * not be read there, or for a container that is not judged this way.
 */
export async function trackKindsOf(path: string, size: number, container: VideoContainer | string): Promise<{ video: boolean; audio: boolean } | null> {
  const iso = container === 'mp4' || container === 'mov';
  if (!iso && container !== 'webm' && container !== 'mkv') return null;
  const fh = await open(path, 'r');
  try {
    const head = Buffer.alloc(Math.min(SPAN, size));
    await fh.read(head, 0, head.length, 0);
    if (!iso) return matroskaTrackKinds(head);
    const tail = Buffer.alloc(Math.min(SPAN, Math.max(0, size - head.length)));
    if (tail.length) await fh.read(tail, 0, tail.length, size - tail.length);
    return isoTrackKinds(head, tail);
  } finally {
    await fh.close();
  }
}
