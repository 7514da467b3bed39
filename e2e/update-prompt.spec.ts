import { readFile, writeFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';

const swFile = new URL('../dist/pwa/sw.js', import.meta.url);

test('a new deploy shows the update toast and Reload switches to it', async ({ page }) => {
  await page.goto('/');
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), { timeout: 20_000 }).toBe('activated');

  const original = await readFile(swFile, 'utf8');
  try {
    // A byte-different worker is what a deploy looks like to the browser.
    await writeFile(swFile, `${original}\n// deployed by e2e at ${Date.now()}\n`);
    await page.reload();

    const toast = page.getByRole('status').filter({ hasText: 'New version available' });
    await expect(toast).toBeVisible();
    await toast.getByRole('button', { name: 'Reload' }).click();

    await expect(toast).toBeHidden();
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
  } finally {
    await writeFile(swFile, original);
  }
});
