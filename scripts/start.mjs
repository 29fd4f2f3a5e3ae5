#!/usr/bin/env node
// npm start: build what is missing or older than its sources, then run the server in this process.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

if (process.versions.node.split('.')[0] !== '24') {
  console.error(`Scriven runs on Node 24, but this is Node ${process.versions.node}. Start it with \`npm start\`: \`npm install\` brings Node 24 into node_modules.`);
  process.exit(1);
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
await import(join(root, 'backend/dist/src/main.js'));
