import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** The MSW worker in public/ serves QA mode only; a production build leaves it out. */
function dropMockWorker(outDir: string): Plugin {
  return {
    name: 'scriven:drop-mock-worker',
    apply: 'build',
    closeBundle() {
      rmSync(resolve(outDir, 'mockServiceWorker.js'), { force: true });
    },
  };
}

/**
 * Brotli and gzip copies of the built scripts, styles and SVGs (`x.js.br`, `x.js.gz`), made once at build time; the
 * server sends whichever the browser accepts (about a quarter of the bytes: what a phone's first visit waits for).
 */
function precompress(outDir: string): Plugin {
  return {
    name: 'scriven:precompress',
    apply: 'build',
    closeBundle() {
      const assets = join(outDir, 'assets');
      for (const name of readdirSync(assets)) {
        if (!/\.(js|css|svg)$/.test(name)) continue;
        const bytes = readFileSync(join(assets, name));
        writeFileSync(join(assets, `${name}.br`), brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
        writeFileSync(join(assets, `${name}.gz`), gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/** Every file under dir, as site paths (`/assets/x.js`). */
function sitePaths(root: string, dir = root): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sitePaths(root, path) : [`/${relative(root, path).split(sep).join('/')}`];
  });
}

/**
 * The service worker of this release (public/sw.js, copied to dist/sw.js): its release id (a hash of the built files'
 * names and of index.html: hashed assets change name when they change) and the files it caches when it installs
 * (index.html as "/", the built assets, the root's scripts, icons and pages; not the source maps, nor the compressed
 * copies the server sends in their place).
 */
export function serviceWorkerManifest(outDir: string): { release: string; files: string[] } {
  const skip = (path: string) => /\.(map|br|gz)$/.test(path) || path === '/sw.js' || path === '/mockServiceWorker.js';
  const files = sitePaths(outDir)
    .filter((path) => !skip(path))
    .map((path) => (path === '/index.html' ? '/' : path))
    .sort();
  const hash = createHash('sha256').update(files.join('\n')).update(readFileSync(join(outDir, 'index.html')));
  return { release: hash.digest('hex').slice(0, 16), files };
}

function serviceWorker(outDir: string): Plugin {
  return {
    name: 'scriven:service-worker',
    apply: 'build',
    closeBundle: {
      // After the other plugins' closeBundle (the mock worker removed, the compressed copies written).
      order: 'post',
      sequential: true,
      handler() {
        const sw = join(outDir, 'sw.js');
        const { release, files } = serviceWorkerManifest(outDir);
        const source = readFileSync(sw, 'utf8');
        const filled = source.replace("const RELEASE = 'dev';", `const RELEASE = '${release}';`).replace('const PRECACHE = [];', `const PRECACHE = ${JSON.stringify(files)};`);
        if (filled === source) throw new Error('public/sw.js: the RELEASE and PRECACHE lines are not there');
        writeFileSync(sw, filled);
      },
    },
  };
}

// `vite` proxies the API to the backend (on PORT, as the backend reads it: 3000 unless set), the realtime WebSocket
// (/api/realtime) included; `vite --mode mock` (npm run dev:mock) answers every call, and the socket, in the browser
// with the MSW handlers instead, so no server is needed, and serves the app itself on PORT when it is set.
const backendPort = process.env.PORT?.trim() || '3000';
const apiProxy = {
  '/api': { target: `http://localhost:${backendPort}`, changeOrigin: true, ws: true },
  // The web app manifest is the server's (built from the logo and the instance's name).
  '/manifest.webmanifest': { target: `http://localhost:${backendPort}`, changeOrigin: true },
};

/**
 * QA mode's port: PORT when set (exactly that port: vite stops with an error if it is taken, rather than quietly
 * moving to the next one), else 5173 (or the next free one, as vite says when it starts).
 */
function mockPort(): { port: number; strictPort: boolean } {
  const raw = process.env.PORT?.trim();
  if (!raw) return { port: 5173, strictPort: false };
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`PORT must be a whole number between 1 and 65535, but it is "${raw}".`);
  return { port, strictPort: true };
}

/** Packages only the charts use (recharts' own dependencies), as regular-expression fragments of their folder names. */
const CHARTS_ONLY = ['@mantine[\\\\/]charts', 'recharts', 'd3-[^\\\\/]+', 'victory-vendor', '@reduxjs', 'react-redux', 'redux', 'redux-thunk', 'reselect', 'immer', 'decimal\\.js-light', 'es-toolkit', 'eventemitter3', 'tiny-invariant', 'internmap'];

export default defineConfig(({ mode }) => ({
  plugins: [react(), ...(mode === 'mock' ? [] : [dropMockWorker(resolve(import.meta.dirname, 'dist')), precompress(resolve(import.meta.dirname, 'dist')), serviceWorker(resolve(import.meta.dirname, 'dist'))])],
  server: {
    ...(mode === 'mock' ? mockPort() : { port: 5173 }),
    proxy: mode === 'mock' ? undefined : apiProxy,
  },
  preview: {
    proxy: apiProxy,
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // hls.js (about 580 kB) is the largest chunk, and it is only loaded by a player about to stream HLS.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            // Loaded on demand, by players that get an HLS address in a browser with Media Source Extensions.
            { name: 'hls', test: /node_modules[\\/]hls\.js[\\/]/, priority: 30 },
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/, priority: 20 },
            // The charts (@mantine/charts, recharts and what recharts alone brings) stay out of the groups every page
            // loads: only the founder dashboard, loaded after the founder signs in, imports them.
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/](?!charts[\\/])/, priority: 15 },
            { name: 'vendor', test: new RegExp(`node_modules[\\\\/](?!(${CHARTS_ONLY.join('|')})[\\\\/])`), priority: 10 },
          ],
        },
      },
    },
  },
}));
