import { expect, test } from '@playwright/test';

/**
 * The service worker's push handler: Chromium's DevTools protocol hands it a push message as a push
 * service would (decrypted), and the worker shows it as a notification with the screen to open.
 * NOTE: the click (notificationclick) has no DevTools trigger; it is not exercised here.
 */
test('the service worker shows a pushed message as a notification; a malformed one is ignored', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  await context.grantPermissions(['notifications']);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const registrationIds: string[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
    for (const r of registrations) if (!r.isDeleted && !registrationIds.includes(r.registrationId)) registrationIds.push(r.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => registrationIds.length).toBeGreaterThan(0);
  const origin = new URL(page.url()).origin;
  const deliver = async (data: unknown) => {
    for (const registrationId of registrationIds) await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(data) });
  };
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown })),
    );

  await deliver({ title: 'not a notice' });
  await deliver({ title: 'Booking ABC234 is confirmed', body: 'Your payment was received.', url: '/dashboard/bookings/b1', tag: 'payment-b1' });
  await expect
    .poll(shown)
    .toEqual([{ title: 'Booking ABC234 is confirmed', body: 'Your payment was received.', tag: 'payment-b1', data: { url: '/dashboard/bookings/b1' } }]);

  // A newer notice of the same tag replaces the one shown.
  await deliver({ title: 'Payment for booking ABC234 was not accepted', body: 'Receipt unreadable.', url: '/dashboard/bookings/b1', tag: 'payment-b1' });
  await expect.poll(async () => (await shown()).map((n) => n.title)).toEqual(['Payment for booking ABC234 was not accepted']);
  await context.close();
});
