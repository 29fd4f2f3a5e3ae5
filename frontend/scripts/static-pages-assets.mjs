// What the static pages of public/ (seed 002 §2.16) load besides themselves, written into public/ before Vite starts
// or builds (both are generated, and ignored by git):
// - vendor/qrcode.js: qrcode-generator (MIT), which founder-qr.html draws its QR code with, served from this
//   instance (the pages load nothing from elsewhere);
// - release-notes.json: the releases of releases/manifest.json (the versions this code ships), which updates.html
//   shows; only what a reader needs (no migrations or data steps).
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const frontend = join(dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = join(frontend, 'public');
const require = createRequire(import.meta.url);

mkdirSync(join(publicDir, 'vendor'), { recursive: true });
copyFileSync(require.resolve('qrcode-generator'), join(publicDir, 'vendor', 'qrcode.js'));

let manifest = {};
try {
  manifest = JSON.parse(readFileSync(join(frontend, '..', 'releases', 'manifest.json'), 'utf8'));
} catch (e) {
  // updates.html then says that no release notes are available.
  console.warn(`static pages: no release notes (${e.message})`);
}
const text = (v) => (typeof v === 'string' ? v : null);
const list = (v) => (Array.isArray(v) ? v.filter((s) => typeof s === 'string') : []);
const releases = (Array.isArray(manifest.releases) ? manifest.releases : [])
  .filter((r) => r && typeof r.version === 'string')
  .map((r) => ({
    version: r.version,
    release_date: text(r.release_date),
    description: text(r.description),
    features: list(r.features),
    bug_fixes: list(r.bug_fixes),
  }));
writeFileSync(join(publicDir, 'release-notes.json'), `${JSON.stringify({ releases }, null, 2)}\n`);
