import { mkdir, statfs } from 'node:fs/promises';

/** Bytes an unprivileged writer may still use on the filesystem holding `dir` (created if missing). */
export async function freeBytes(dir: string): Promise<number> {
  await mkdir(dir, { recursive: true });
  const s = await statfs(dir);
  return s.bavail * s.bsize;
}
