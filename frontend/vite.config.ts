import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
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

// `vite` proxies the API to the backend (on PORT, as the backend reads it: 3000 unless set), the realtime WebSocket
// (/api/realtime) included; `vite --mode mock` (npm run dev:mock) answers every call, and the socket, in the browser
// with the MSW handlers instead, so no server is needed, and serves the app itself on PORT when it is set.
const backendPort = process.env.PORT?.trim() || '3000';
const apiProxy = { '/api': { target: `http://localhost:${backendPort}`, changeOrigin: true, ws: true } };

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

export default defineConfig(({ mode }) => ({
  plugins: [react(), ...(mode === 'mock' ? [] : [dropMockWorker(resolve(import.meta.dirname, 'dist')), precompress(resolve(import.meta.dirname, 'dist'))])],
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
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/, priority: 15 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
}));
