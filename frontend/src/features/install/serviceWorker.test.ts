import { describe, expect, jest, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * public/sw.js run in a stand-in for the service worker's global scope (its listeners, Cache Storage and the
 * network): what it answers from the cache, what it leaves to the network, and how a release replaces another.
 */
const ORIGIN = 'https://scriven.test';
type FakeRequest = { url: string; method: string; mode: string; headers: Headers };

function loadWorker({ release = 'r1', precache = ['/', '/assets/index-abc.js'], oldCaches = [] as string[] } = {}) {
  const source = readFileSync(resolve(process.cwd(), 'public/sw.js'), 'utf8')
    .replace("const RELEASE = 'dev';", `const RELEASE = '${release}';`)
    .replace('const PRECACHE = [];', `const PRECACHE = ${JSON.stringify(precache)};`);
  const listeners: Record<string, (event: unknown) => void> = {};
  const caches = new Map<string, Map<string, Response>>(oldCaches.map((name) => [name, new Map()]));
  let online = true;
  const keyOf = (r: string | { url: string }) => new URL(typeof r === 'string' ? r : r.url, ORIGIN).href;
  const network = jest.fn(async (r: { url: string }) => {
    if (!online) throw new TypeError('Failed to fetch');
    return new Response(`network ${new URL(r.url).pathname}`, { status: 200 });
  });
  const cacheStorage = {
    open: async (name: string) => {
      if (!caches.has(name)) caches.set(name, new Map());
      const c = caches.get(name)!;
      return {
        match: async (r: string | { url: string }) => c.get(keyOf(r))?.clone(),
        put: async (r: { url: string }, res: Response) => void c.set(keyOf(r), res),
        addAll: async (rs: { url: string }[]) => {
          for (const r of rs) c.set(keyOf(r), await network(r));
        },
      };
    },
    keys: async () => [...caches.keys()],
    delete: async (name: string) => caches.delete(name),
  };
  const self = {
    location: { origin: ORIGIN, href: `${ORIGIN}/sw.js` },
    addEventListener: (type: string, fn: (event: unknown) => void) => (listeners[type] = fn),
    skipWaiting: jest.fn(async () => undefined),
    clients: { claim: jest.fn(async () => undefined) },
  };
  new Function('self', 'caches', 'fetch', source)(self, cacheStorage, network);

  async function lifecycle(type: 'install' | 'activate') {
    let done: Promise<unknown> = Promise.resolve();
    listeners[type]!({ waitUntil: (p: Promise<unknown>) => (done = p) });
    await done;
  }
  /** Sends a request through the worker: 'network' when it left it alone, else the body it answered. */
  async function request(path: string, init: Partial<Omit<FakeRequest, 'url' | 'headers'>> & { headers?: Record<string, string> } = {}) {
    const req: FakeRequest = { url: path.startsWith('http') ? path : `${ORIGIN}${path}`, method: init.method ?? 'GET', mode: init.mode ?? 'cors', headers: new Headers(init.headers ?? {}) };
    let answer: Promise<Response> | null = null;
    listeners.fetch!({ request: req, respondWith: (p: Promise<Response>) => (answer = p) });
    if (!answer) return 'network';
    return (await (answer as Promise<Response>)).text();
  }
  return { self, caches, network, lifecycle, request, goOffline: () => (online = false) };
}

describe('service worker', () => {
  test("caches the release's shell and assets when it installs, and takes over at once", async () => {
    const sw = loadWorker();
    await sw.lifecycle('install');
    expect([...sw.caches.get('scriven-shell-r1')!.keys()]).toEqual([`${ORIGIN}/`, `${ORIGIN}/assets/index-abc.js`]);
    expect(sw.self.skipWaiting).toHaveBeenCalled();
  });

  test('never answers the API, media ranges, other origins or anything but GET from a cache', async () => {
    const sw = loadWorker();
    await sw.lifecycle('install');
    expect(await sw.request('/api/videos')).toBe('network');
    expect(await sw.request('/api/media/abc/stream', { headers: { range: 'bytes=0-1023' } })).toBe('network');
    expect(await sw.request('/api/media/hls/abc/master.m3u8')).toBe('network');
    expect(await sw.request('/assets/index-abc.js', { headers: { range: 'bytes=0-10' } })).toBe('network');
    expect(await sw.request('/assets/index-abc.js', { method: 'POST' })).toBe('network');
    expect(await sw.request('https://cdn.example.com/assets/x.js')).toBe('network');
    expect(await sw.request('/manifest.webmanifest')).toBe('network');
  });

  test('pages come from the network first and from the cached shell when offline; assets from the cache first', async () => {
    const sw = loadWorker();
    await sw.lifecycle('install');
    expect(await sw.request('/videos/123', { mode: 'navigate' })).toBe('network /videos/123');
    sw.network.mockClear();
    expect(await sw.request('/assets/index-abc.js')).toBe('network /assets/index-abc.js'); // as cached at install
    expect(sw.network).not.toHaveBeenCalled();

    sw.goOffline();
    expect(await sw.request('/videos/123', { mode: 'navigate' })).toBe('network /'); // the shell cached at install
    await expect(sw.request('/assets/not-cached.js')).rejects.toThrow('Failed to fetch');
  });

  test("a new release deletes the older releases' caches when it activates, and claims the open pages", async () => {
    const sw = loadWorker({ release: 'r2', oldCaches: ['scriven-shell-r1', 'someone-else'] });
    await sw.lifecycle('install');
    await sw.lifecycle('activate');
    expect([...sw.caches.keys()].sort()).toEqual(['scriven-shell-r2', 'someone-else']);
    expect(sw.self.clients.claim).toHaveBeenCalled();
  });
});
