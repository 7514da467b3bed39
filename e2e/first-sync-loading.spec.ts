import { expect, test } from '@playwright/test';
import { ownServer } from './own-server';
import { seriousFindings } from './pages/axe';
import { keepScreenshot } from './pages/screenshot';
import { adminToken, seedVolumeInto } from './pages/volume';

const BOOKINGS = 3000;

/** Records, from before any page script runs, every text of `watched` that ever appeared in the page. */
function watchTexts(watched: string[]): void {
  const seen = new Set<string>();
  (window as unknown as { seenTexts: Set<string> }).seenTexts = seen;
  const look = () => {
    const text = document.body?.innerText ?? '';
    for (const w of watched) if (text.includes(w)) seen.add(w);
    if (/(^|\n)0 (payments|bookings)(\n|$)/.test(text)) seen.add('0 items');
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
}

// Issue #48, item 5: a list backed by the device says it is loading until the device has synced once.
test('a fresh admin device says the payments and bookings are loading until its first sync lands, never "0 payments"', async ({ browser }) => {
  test.setTimeout(300_000);
  const server = await ownServer();
  try {
    // A few thousand bookings and payments, through the app's own volume seeder (the server stopped meanwhile).
    await server.stop();
    seedVolumeInto(server.dataDir, BOOKINGS);
    await server.start();
    const token = await adminToken(server.url);

    for (const [width, list, noun] of [
      [390, 'all-payments', 'payments'],
      [1280, 'all-payments', 'payments'],
      [390, 'all-bookings', 'bookings'],
    ] as const) {
      const context = await browser.newContext({ baseURL: server.url, viewport: { width, height: 844 }, serviceWorkers: 'block' });
      await context.addInitScript((value) => localStorage.setItem('authToken', value), token);
      await context.addInitScript(watchTexts, [`Loading ${noun}…`, `No ${noun} available`]);
      const page = await context.newPage();
      if (width === 390) {
        // An emulated phone: a slower CPU widens the window before the first sync lands.
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      }
      await page.goto(`/dashboard/${list}`);
      // The page's first render, under a 4x slower CPU on a loaded machine, may take longer than 5 s.
      await expect(page.getByRole('status').filter({ hasText: `Loading ${noun}…` })).toBeVisible({ timeout: 30_000 });
      if (width === 390 && list === 'all-payments') await keepScreenshot(page, `first-sync-loading-${width}`);
      await expect(page.getByRole('main').getByText(new RegExp(`^\\d{4,} ${noun}$`))).toBeVisible({ timeout: 120_000 });
      const count = Number(
        (
          await page
            .getByRole('main')
            .getByText(new RegExp(`^\\d{4,} ${noun}$`))
            .textContent()
        )?.split(' ')[0],
      );
      expect(count).toBeGreaterThanOrEqual(BOOKINGS);
      const seen = await page.evaluate(() => [...(window as unknown as { seenTexts: Set<string> }).seenTexts]);
      expect(seen).toContain(`Loading ${noun}…`);
      expect(seen).not.toContain(`No ${noun} available`);
      expect(seen).not.toContain('0 items');
      if (list === 'all-payments') expect(await seriousFindings(page)).toEqual([]);
      await context.close();
    }
  } finally {
    await server.dispose();
  }
});
