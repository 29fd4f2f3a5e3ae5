#!/usr/bin/env node
// Regenerates the OpenAPI contract and the frontend schema, and fails when either differs from what is committed.
import { execSync } from 'node:child_process';

const run = (cmd) => execSync(cmd, { stdio: 'inherit' });
run('npm run api:sync --silent');
run('npm run api:generate --silent');
try {
  execSync('git diff --exit-code --stat -- openapi/openapi.json frontend/src/api/schema.d.ts', { stdio: 'inherit' });
} catch {
  console.error('\nThe API contract is stale: run `npm run api:sync && npm run api:generate` and commit openapi/openapi.json and frontend/src/api/schema.d.ts.');
  process.exit(1);
}
const untracked = execSync('git ls-files --others --exclude-standard -- openapi frontend/src/api').toString().trim();
if (untracked) {
  console.error(`\nGenerated contract files are not committed:\n${untracked}`);
  process.exit(1);
}
console.log('The API contract and the frontend schema are up to date.');
