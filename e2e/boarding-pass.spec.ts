import AxeBuilder from '@axe-core/playwright';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { ownServer } from './own-server';
import { AuthPage, registerAccount } from './pages/auth-page';
import { apiLogin, bearer, bookThroughApi, createLosAccFlight } from './pages/journey-api';
import { ADMIN } from './pages/credentials';

const HOUR = 3_600_000;

/** The text of the QR code in a PNG, as a gate scanner reads it. */
async function readQr(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

test('a checked-in traveller opens the boarding pass with the server stopped; its QR code is a pass the server verifies', async ({ browser }) => {
  test.setTimeout(180_000);
  const server = await ownServer();
  const request = await playwrightRequest.newContext({ baseURL: server.url });
  try {
    const admin = bearer(await apiLogin(request, ADMIN.email, ADMIN.password));
    const departure = new Date(Date.now() + 20 * HOUR);
    departure.setUTCMinutes(0, 0, 0);
    const flight = await createLosAccFlight(request, admin, departure);
    const account = await registerAccount(request, 'Chioma Gate');
    const token = await apiLogin(request, account.email, account.password);
    const booked = await bookThroughApi(request, token, flight, 'bank_transfer', account.email, 'C2');
    expect((await request.put(`/api/payments/${booked.payment._id}`, { headers: admin, data: { status: 'successful' } })).status()).toBe(200);
    expect((await request.put(`/api/bookings/${booked.booking._id}/check-in`, { headers: bearer(token) })).status()).toBe(200);

    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/login');
    await new AuthPage(page).login(account.email, account.password);
    await expect(page).toHaveURL('/');
    await page.goto(`/dashboard/bookings/${booked.booking._id}`);
    await page.getByRole('main').getByRole('link', { name: 'Boarding passes' }).click();
    await expect(page.getByRole('img', { name: 'Boarding pass QR code for Chioma Okafor' })).toBeVisible({ timeout: 30_000 });
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    await server.stop();
    const gate = await context.newPage();
    await gate.goto(`/dashboard/bookings/${booked.booking._id}/boarding-pass`);
    const pass = gate.getByRole('article', { name: `Boarding pass for Chioma Okafor, flight ${flight.flightNumber}` });
    await expect(pass).toContainText('Ms Chioma Okafor');
    await expect(pass).toContainText('Lagos (LOS) → Accra (ACC)');
    await expect(pass).toContainText('C2');
    await expect(pass).toContainText(booked.booking.bookingId);
    await expect(pass).toContainText('Gate shown at the airport');
    await expect(pass).toContainText('(Africa/Lagos)');
    const qr = gate.getByRole('img', { name: 'Boarding pass QR code for Chioma Okafor' });
    expect((await qr.boundingBox())?.width).toBeGreaterThanOrEqual(250);
    expect(await gate.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const { violations } = await new AxeBuilder({ page: gate }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    const code = await readQr(await qr.screenshot());
    expect(code).toMatch(new RegExp(`^SW1\\.${booked.booking.bookingId}\\.${flight.flightNumber}\\.\\d{8}\\.C2\\.`));

    await server.start();
    const verified = await request.post('/api/boarding-passes/verify', {
      headers: bearer(await apiLogin(request, ADMIN.email, ADMIN.password)),
      data: { code },
    });
    expect(verified.status()).toBe(200);
    expect(await verified.json()).toMatchObject({ bookingId: booked.booking.bookingId, seat: 'C2', passenger: 'Ms Chioma Okafor', bookingStatus: 'confirmed' });
    await context.close();
  } finally {
    await request.dispose();
    await server.dispose();
  }
});
