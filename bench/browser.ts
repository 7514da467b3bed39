import { chromium, type Browser } from 'playwright-core';
import { findChromium, INSTALL_CHROMIUM } from '../scripts/chromium';

/** The tests' Chromium; a clear error when there is none (a browser scenario then fails alone, not the whole bench). */
export function chromiumPath(): string {
  const found = findChromium();
  if (!found) throw new Error(`Chromium not found. Install it with: ${INSTALL_CHROMIUM}`);
  return found;
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
