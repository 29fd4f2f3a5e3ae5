#!/usr/bin/env node
// npm start: build what is missing or older than its sources, then run the server as worker processes under a
// supervisor (scripts/supervise.mjs): WORKERS API workers (default: the number of cores) sharing the HTTP port and one
// media/jobs worker, each started again if it dies after it was ready (a crash, a kill, the out-of-memory killer).
// Without DATABASE_URL the supervisor starts the embedded PostgreSQL itself, once, and gives every worker its URL:
// a worker's death never stops the database.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import * as nodeModule from 'node:module';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectionBudget, longDrainSeconds, supervise, workerCount } from './supervise.mjs';
import { checkConnectionBudget, embeddedDatabase } from './database.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

if (process.versions.node.split('.')[0] !== '24') {
  console.error(`Scriven runs on Node 24, but this is Node ${process.versions.node}. Start it with \`npm start\`: \`npm install\` brings Node 24 into node_modules.`);
  process.exit(1);
}

// A taken HTTP port is said at once, not after a build. (The server checks again, and checks the rest of its
// configuration, when it starts.)
const port = /^\d+$/.test(process.env.PORT?.trim() ?? '') ? Number(process.env.PORT.trim()) : process.env.PORT?.trim() ? null : 3000;
if (port !== null && port >= 1 && port <= 65535) {
  const host = process.env.HOST?.trim() || '0.0.0.0';
  const taken = await new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (e) => resolve(e.code === 'EADDRINUSE'));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(false)));
  });
  if (taken) {
    console.error(`Port ${port} is in use by another program: set PORT to another port (PORT=3001 npm start).`);
    process.exit(1);
  }
}

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

const builds = [
  { name: 'frontend', output: join(root, 'frontend/dist/index.html'), sources: ['frontend/src', 'frontend/public', 'frontend/index.html', 'frontend/vite.config.ts', 'frontend/tsconfig.json', 'frontend/package.json', 'package.json', 'package-lock.json'] },
  { name: 'backend', output: join(root, 'backend/dist/src/main.js'), sources: ['backend/src', 'backend/migrations', 'backend/tsconfig.json', 'backend/tsconfig.build.json', 'backend/package.json', 'nest-cli.json', 'package.json', 'package-lock.json'] },
];
for (const b of builds) {
  const built = existsSync(b.output) ? statSync(b.output).mtimeMs : 0;
  const source = Math.max(...b.sources.map((s) => newest(join(root, s))));
  if (built < source) {
    console.log(`Building the ${b.name}${built ? ' (sources changed)' : ''}...`);
    execSync(`npm run build -w ${b.name}`, { cwd: root, stdio: 'inherit' });
  }
}
// V8 keeps the compiled code of the server's modules between starts (about a quarter less CPU to load them).
nodeModule.enableCompileCache?.(join(root, 'node_modules', '.cache', 'scriven-compile'));
const server = join(root, 'backend/dist/src/main.js');
if (process.env.SCRIVEN_SUPERVISE === '0') {
  await import(server);
} else {
  // MALLOC_ARENA_MAX=2: glibc would otherwise give each of libuv's 16 threads an arena that keeps the 19 MiB of every
  // password hash it ran (RSS 0.4 -> 1 GB after a few hundred sign-ins, measured by `npm run bench:memory`).
  const env = { MALLOC_ARENA_MAX: '2', ...process.env, NODE_COMPILE_CACHE: join(root, 'node_modules', '.cache', 'scriven-compile') };
  if (longDrainSeconds(env) === null) {
    console.error('RESTART_DRAIN_LONG_SECONDS must be a whole number of seconds from 15 to 86400.');
    process.exit(78);
  }
  const workers = workerCount(env);
  const budget = connectionBudget(workers, env);
  const database = await embeddedDatabase(env, budget, (path) => import(join(root, 'backend/dist/src', path)));
  if (!database.embedded) await checkConnectionBudget(env.DATABASE_URL, workers, budget);
  supervise(server, { env, workers, onStopped: database.stop });
}
