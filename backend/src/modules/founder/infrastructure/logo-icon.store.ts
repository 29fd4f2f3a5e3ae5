import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { FILE_RE, VERSION_RE, type IconStore } from '../domain/branding.js';

/**
 * Icon sets on the local disk, one folder per version under `<data dir>/branding/icons/`. A set is written into a
 * staging folder and renamed into place (atomic on one file system): a version's folder is always whole.
 */
@Injectable()
export class DiskLogoIconStore implements IconStore {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private get root(): string {
    return join(this.config.dataDir, 'branding', 'icons');
  }

  async has(version: string): Promise<boolean> {
    if (!VERSION_RE.test(version)) return false;
    return (await stat(join(this.root, version)).catch(() => null))?.isDirectory() ?? false;
  }

  async put(version: string, files: Map<string, Buffer>): Promise<void> {
    if (!VERSION_RE.test(version)) throw new Error(`Invalid icon set version: ${version}`);
    await mkdir(this.root, { recursive: true });
    const staging = join(this.root, `.staging-${randomUUID()}`);
    await mkdir(staging);
    try {
      for (const [name, bytes] of files) {
        if (!FILE_RE.test(name)) throw new Error(`Invalid icon file name: ${name}`);
        await writeFile(join(staging, name), bytes);
      }
      try {
        await rename(staging, join(this.root, version));
      } catch (e) {
        // The same version is there already (the same logo again, or another process made it at the same time): the
        // same bytes, so the one in place stays.
        if (!['ENOTEMPTY', 'EEXIST'].includes((e as NodeJS.ErrnoException).code ?? '')) throw e;
      }
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }

  async locate(version: string, file: string): Promise<{ path: string; size: number } | null> {
    if (!VERSION_RE.test(version) || !FILE_RE.test(file)) return null;
    const path = join(this.root, version, file);
    const s = await stat(path).catch(() => null);
    return s?.isFile() ? { path, size: s.size } : null;
  }

  async prune(keep: string[]): Promise<void> {
    const names = await readdir(this.root).catch(() => [] as string[]);
    const now = Date.now();
    for (const name of names) {
      if (keep.includes(name)) continue;
      if (name.startsWith('.staging-')) {
        // Another upload may be writing it now: only a folder left for an hour is a crash's leftover.
        const s = await stat(join(this.root, name)).catch(() => null);
        if (s && now - s.mtimeMs < 3600_000) continue;
      }
      await rm(join(this.root, name), { recursive: true, force: true });
    }
  }
}
