import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** CHROMIUM_PATH or Debian's Chromium; a clear error when there is none (a browser scenario then fails alone, not the whole bench). */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) throw new Error(`no Chromium at ${path}: install Debian's (apt-get update && apt-get install -y chromium) or set CHROMIUM_PATH`);
  return path;
}

/** Debian's Chromium with the flags this closed network needs. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}
