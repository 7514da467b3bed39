import { expect, test } from '@playwright/test';
import { controlledByWorker, workerActive } from './pages/device';
import { SitePage } from './pages/site-page';

test('home page shows the hero heading, the navbar and the footer', async ({ page }) => {
  const site = new SitePage(page);
  await page.goto('/');

  await expect(site.heading).toHaveText('Ready to take off?');
  const links = { Home: '/', Track: '/tracking', Bookings: '/dashboard/bookings', Contact: '/contact' };
  for (const [name, href] of Object.entries(links)) {
    await expect(site.navLink(name)).toHaveAttribute('href', href);
  }
  await expect(site.signUp).toHaveAttribute('href', '/signup');
  await expect(site.footer).toContainText(`© ${new Date().getFullYear()} SkyWay Airlines`);
});

test('home page loads under the server CSP without console errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto('/');
  await expect(new SitePage(page).heading).toHaveText('Ready to take off?');
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

test('navbar and footer links open their pages', async ({ page }) => {
  const site = new SitePage(page);
  await page.goto('/');

  await site.navLink('Track').click();
  await expect(page).toHaveURL('/tracking');
  await expect(site.heading).toHaveText('Track your booking');

  await site.footerLink('About').click();
  await expect(page).toHaveURL('/about');
  await expect(site.heading).toHaveText('About SkyWay');
});

test('health endpoint answers ok, and nothing more to a visitor', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok' });
});

test('the home page arrives already rendered; other paths get the app shell', async ({ request }) => {
  expect(await (await request.get('/')).text()).toContain('Ready to take off?');
  expect(await (await request.get('/listing')).text()).not.toContain('Ready to take off?');
});

test('a deep link into the dashboard is served by the SPA', async ({ page }) => {
  const response = await page.goto('/dashboard/profile');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toContain('text/html');
  await expect(new SitePage(page).nav).toBeVisible();
});

test('an unknown path answers HTTP 404 with the not-found page, also once the service worker controls the tab', async ({ page }) => {
  const first = await page.goto('/no-such-page');
  expect(first?.status()).toBe(404);
  await expect(new SitePage(page).heading).toHaveText('Page not found');
  await page.goto('/');
  await controlledByWorker(page);
  const again = await page.goto('/another/missing/page');
  expect(again?.status()).toBe(404);
  await expect(new SitePage(page).heading).toHaveText('Page not found');
  const known = await page.goto('/contact');
  expect(known?.status()).toBe(200);
  await expect(new SitePage(page).heading).not.toHaveText('Page not found');
});

test('/booking with an unknown or missing flight says Booking not found and leads back to a search or My Bookings', async ({ page }) => {
  for (const url of ['/booking?id=no-such-flight', `/booking?id=${'x'.repeat(80)}`, '/booking']) {
    await page.goto(url);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 }), url).toHaveText('Booking not found');
    await expect(main.getByRole('link', { name: 'My Bookings' })).toHaveAttribute('href', '/dashboard/bookings');
  }
  await page.getByRole('main').getByRole('link', { name: 'Search flights' }).click();
  await expect(page).toHaveURL('/');
});

test('the app is installable: manifest, icons and an active service worker', async ({ page, request }) => {
  const manifestResponse = await request.get('/manifest.webmanifest');
  expect(manifestResponse.status()).toBe(200);
  const manifest = (await manifestResponse.json()) as { name: string; display: string; icons: { src: string }[] };
  expect(manifest).toMatchObject({ name: 'SkyWay Airlines', display: 'standalone' });
  for (const icon of manifest.icons) {
    const iconResponse = await request.get(icon.src);
    expect(iconResponse.headers()['content-type']).toBe('image/png');
  }

  await page.goto('/');
  await workerActive(page);
});
