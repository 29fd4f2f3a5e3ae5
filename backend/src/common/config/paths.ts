import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: the nearest folder above this file whose package.json declares the workspaces. */
export function repoRoot(from = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      const json = JSON.parse(readFileSync(pkg, 'utf8')) as { workspaces?: unknown };
      if (json.workspaces) return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the Scriven repository root');
    dir = parent;
  }
}

export function appVersion(): string {
  const json = JSON.parse(readFileSync(join(repoRoot(), 'package.json'), 'utf8')) as { version: string };
  return json.version;
}
