/*
 * Scriven's service worker (registered from the site root by the production app, scope /). It gives the app an
 * offline shell and keeps each release's files in a cache of its own:
 * - the release's files (index.html as "/", the built assets, the root's scripts and pages) are cached when it installs;
 * - page loads (navigations) go to the network first, and get the cached shell when offline;
 * - hashed /assets/* files come from the cache first (they never change), else the network (then cached);
 * - the API (/api/**: answers, media, HLS, byte ranges), requests with a Range header, other origins and anything but
 *   GET go straight to the network, never cached;
 * - a new release installs at once and takes over the open pages (skipWaiting, clients.claim); the caches of older
 *   releases are deleted when it activates.
 * The build (vite.config.ts, scriven:service-worker) writes this release's id and file list below; the dev server
 * serves it as is (an empty list), where it is never registered.
 */
const RELEASE = 'dev';
const PRECACHE = [];

const PREFIX = 'scriven-shell-';
const CACHE = `${PREFIX}${RELEASE}`;
const SHELL = '/';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((url) => new Request(new URL(url, self.location.href).href, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

/** Whether the worker leaves a request to the network (never answered from or kept in a cache). */
function passThrough(request, url) {
  if (request.method !== 'GET') return true;
  if (url.origin !== self.location.origin) return true;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return true;
  if (request.headers.has('range')) return true;
  return url.pathname === '/sw.js' || url.pathname === '/manifest.webmanifest';
}

async function shellFirstOffline(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const cache = await caches.open(CACHE);
    const shell = await cache.match(SHELL);
    if (shell) return shell;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.status === 200) await cache.put(request, response.clone());
  return response;
}

async function networkThenCache(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await (await caches.open(CACHE)).match(request);
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (passThrough(request, url)) return;
  if (request.mode === 'navigate') event.respondWith(shellFirstOffline(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request));
  else event.respondWith(networkThenCache(request));
});
