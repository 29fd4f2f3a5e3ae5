import { existsSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { Request, Response } from 'express';

const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml' };
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/** Whether the request's Accept-Encoding takes `name` (not refused with q=0). */
function accepts(header: string, name: string): boolean {
  return header.split(',').some((part) => {
    const [token, ...params] = part.trim().split(';');
    if (token.trim().toLowerCase() !== name) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/**
 * Sends a built asset (`/assets/x.js`, `.css`, `.svg`) as its precompressed copy (x.js.br, else x.js.gz) when the
 * browser accepts that encoding and the copy exists; immutable, like the assets themselves. False when it did not
 * (the plain file is then served as usual).
 */
export function sendPrecompressed(root: string, req: Request, res: Response): boolean {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.path.startsWith('/assets/')) return false;
  const type = TYPES[extname(req.path)];
  const header = req.headers['accept-encoding'];
  if (!type || typeof header !== 'string') return false;
  let relative: string;
  try {
    relative = normalize(decodeURIComponent(req.path)).replace(/^[/\\]+/, '');
  } catch {
    return false;
  }
  const file = join(root, relative);
  if (!file.startsWith(join(root, 'assets') + sep)) return false;
  for (const { name, suffix } of ENCODINGS) {
    if (!accepts(header, name) || !existsSync(file + suffix)) continue;
    const size = statSync(file + suffix).size;
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Encoding', name);
    res.setHeader('Content-Length', String(size));
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    if (req.method === 'HEAD') res.end();
    else res.sendFile(relative + suffix, { root, headers: { 'Content-Type': type, 'Content-Encoding': name } });
    return true;
  }
  return false;
}
