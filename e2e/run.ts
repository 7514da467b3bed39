// `npm run test:e2e`: the browser tests alone, with the same Chromium lookup as `npm test`.
import { spawnSync } from 'node:child_process';
import { findChromium, INSTALL_CHROMIUM } from '../scripts/chromium';

const chromium = findChromium();
if (!chromium) {
  console.error(`Chromium not found. Install it with: ${INSTALL_CHROMIUM}`);
  process.exit(1);
}

const run = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(run.status ?? 1);
