// `npm run test:e2e`: the browser tests alone, with the same Chromium lookup as `npm test`.
import { spawnSync } from 'node:child_process';

const lookup = spawnSync('bash', ['scripts/find-chromium.sh'], { encoding: 'utf8' });
const chromium = lookup.stdout.trim();
if (lookup.status !== 0 || !chromium) {
  console.error('Chromium not found. Install it with: apt-get update && apt-get install -y chromium (or set CHROMIUM_PATH)');
  process.exit(1);
}

const run = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(run.status ?? 1);
