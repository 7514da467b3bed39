import { spawnSync } from 'node:child_process';
import path from 'node:path';

export const INSTALL_CHROMIUM = 'apt-get update && apt-get install -y chromium (or set CHROMIUM_PATH)';

/** The Chromium the browser tests and the bench use (scripts/find-chromium.sh: CHROMIUM_PATH, /usr/bin/chromium, PATH), if any. */
export function findChromium(): string | undefined {
  const lookup = spawnSync('bash', [path.join(import.meta.dirname, 'find-chromium.sh')], { encoding: 'utf8' });
  const found = lookup.stdout.trim();
  return lookup.status === 0 && found ? found : undefined;
}
