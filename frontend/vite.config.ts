import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
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

// `vite` proxies the API to the backend, the realtime WebSocket (/api/realtime) included; `vite --mode mock`
// (npm run dev:mock) answers every call, and the socket, in the browser with the MSW handlers instead, so no server
// is needed.
const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: true, ws: true } };

export default defineConfig(({ mode }) => ({
  plugins: [react(), ...(mode === 'mock' ? [] : [dropMockWorker(resolve(import.meta.dirname, 'dist'))])],
  server: {
    port: 5173,
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
