import type { Page } from '@playwright/test';
import sharp from 'sharp';

/**
 * With SCREENSHOTS=1, keeps the page as it is now in docs/screenshots/<name>.webp (small: the viewport only,
 * WebP at quality 70). Otherwise does nothing, so the suites do not rewrite the pictures on every run.
 */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  const png = await page.screenshot();
  await sharp(png).webp({ quality: 70 }).toFile(`docs/screenshots/${name}.webp`);
}
