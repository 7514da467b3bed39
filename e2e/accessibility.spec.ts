import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { AuthPage, registerAccount } from './pages/auth-page';
import { datePlus } from './pages/dates';
import { apiLogin, bearer, findFlight } from './pages/journey-api';

// Every screen at a laptop's and a phone's width: no serious axe finding, and nothing scrolls sideways.

const WIDTHS = [1280, 360] as const;
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Serious and critical WCAG 2.1 AA findings on the page as it is now: rule, impact and the first element. */
async function seriousFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes[0]?.target.join(' ') ?? ''}`);
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await new AuthPage(page).login(email, password);
  await expect(page).not.toHaveURL(/\/login/);
}

async function check(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<void> {
  await page.goto(path);
  await ready(page);
  const width = page.viewportSize()?.width ?? 0;
  expect.soft(await seriousFindings(page), `axe on ${path} at ${width} px`).toEqual([]);
  expect.soft(await page.evaluate(() => document.documentElement.scrollWidth), `${path} scrolls sideways at ${width} px`).toBeLessThanOrEqual(width);
}

const mainHeading = async (page: Page) => {
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
};

for (const width of WIDTHS) {
  test.describe(`no serious WCAG 2.1 AA finding at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('public pages', async ({ page, request }) => {
      // A dozen pages, each analysed by axe: near the default 30 s on a loaded machine.
      test.setTimeout(60_000);
      const date = datePlus(6);
      const flight = await findFlight(request, 'LOS', 'LHR', date);
      const paths = [
        '/',
        '/contact',
        '/login',
        '/signup',
        '/forgot-password',
        '/tracking',
        '/about',
        '/policy',
        '/terms',
        '/no-such-page',
        '/booking?id=no-such-flight',
      ];
      for (const path of paths) await check(page, path, mainHeading);
      await check(page, `/listing?from=LOS&to=LHR&date=${date}&type=one&class=Economy&travelers=2`, async (p) => {
        await expect(p.getByRole('heading', { name: /Flight Available$/ })).toBeVisible();
      });
      await check(page, `/booking?id=${flight._id}`, async (p) => {
        await expect(p.getByRole('heading', { name: 'Traveler Details' })).toBeVisible();
      });
    });

    test("a traveller's pages", async ({ page, request }) => {
      await signIn(page, 'traveller@skyway.test', 'Demo-pass-123');
      for (const path of ['/dashboard/profile', '/dashboard/bookings', '/dashboard/payments']) await check(page, path, mainHeading);
      const token = await apiLogin(request, 'traveller@skyway.test', 'Demo-pass-123');
      const own = (await (await request.get('/api/bookings/user', { headers: bearer(token) })).json()) as { _id: string; status: string }[];
      for (const status of ['pending', 'confirmed', 'cancelled']) {
        const booking = own.find((b) => b.status === status);
        if (!booking) throw new Error(`the demo traveller has no ${status} booking`);
        await check(page, `/dashboard/bookings/${booking._id}`, async (p) => {
          await expect(p.getByRole('heading', { name: 'What you can do' })).toBeVisible();
        });
      }
    });

    test("an unconfirmed traveller's notice and the confirmation page", async ({ page, request }) => {
      const account = await registerAccount(request, 'Kofi Mensah');
      await check(page, `/verify-email?token=${'x'.repeat(43)}`, async (p) => {
        await expect(p.getByRole('alert')).toContainText('This confirmation link is invalid or has expired');
      });
      await signIn(page, account.email, account.password);
      await check(page, '/dashboard/profile', async (p) => {
        await expect(p.getByRole('button', { name: 'Resend link' })).toBeVisible();
      });
    });

    test("an admin's pages", async ({ page }) => {
      await signIn(page, 'admin@skyway.test', 'Admin-pass-123');
      const paths = ['overview', 'airports', 'flights', 'all-bookings', 'all-payments', 'settings', 'support', 'audit', 'outbox'];
      for (const path of paths) await check(page, `/dashboard/${path}`, mainHeading);
    });
  });
}
