import { expect, test } from '@playwright/test';
import { APP_ROUTES } from '../sync/app-routes';
import { ownServer } from './own-server';
import { controlledByWorker } from './pages/device';

// Issue #48, item 7: once the worker counts as ready offline, a fresh tab opens on every app route with the server stopped.
test('with the server stopped, a fresh tab opens every app route from the offline shell; the shell and every asset it names are precached', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const server = await ownServer();
  try {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/');
    await controlledByWorker(page);

    // The worker that is active cached the shell and each asset it names (its install refuses an index.html that names others).
    const missing = await page.evaluate(async () => {
      const names = await caches.keys();
      const cache = await caches.open(names.find((name) => name.startsWith('workbox-precache')) ?? '');
      const keys = (await cache.keys()).map((request) => new URL(request.url).pathname);
      const shellKey = (await cache.keys()).find((request) => new URL(request.url).pathname === '/index.html');
      const shell = shellKey ? await (await cache.match(shellKey))?.text() : undefined;
      if (!shell) return ['/index.html'];
      const named = [...shell.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1] ?? '');
      return named.filter((path) => !keys.includes(path));
    });
    expect(missing).toEqual([]);

    await server.stop();
    const routes = APP_ROUTES.filter((route) => !route.includes(':'));
    for (const route of routes) {
      const tab = await context.newPage();
      const started = Date.now();
      await tab.goto(route);
      // The app started: its header's home link is there, whatever the page shows without the server.
      await expect(tab.getByRole('banner').getByRole('link', { name: 'SkyWay Airlines home' }), `${route} offline`).toBeVisible({ timeout: 10_000 });
      await expect(tab.locator('main, [role="main"]').first(), `${route} offline`).toBeVisible();
      expect(Date.now() - started, `${route} took too long`).toBeLessThan(10_000);
      await tab.close();
    }
    await context.close();
  } finally {
    await server.dispose();
  }
});
