import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { AuthPage, registerAccount } from './pages/auth-page';

/**
 * NOTE: Debian's headless Chromium never settles `pushManager.subscribe` (it cannot reach Google's push
 * service from here), so this test stands in for the browser's push service: PushManager answers a
 * subscription on an FCM endpoint with keys of the right sizes. Everything else is real: the permission,
 * the service worker, the server's key and the API calls. server/test/push.test.ts covers delivery.
 */
test('the profile’s notification switch asks the browser only when turned on, then the server keeps the subscription; off removes it', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const account = await registerAccount(request, 'Ada Push');
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 800 } });
  await context.grantPermissions(['notifications']);
  await context.addInitScript(() => {
    const asked = { count: 0 };
    Object.assign(window, { permissionAsks: asked });
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = () => {
      asked.count += 1;
      return ask();
    };
  });
  await context.addInitScript(() => {
    const key = (bytes: number, fill: number) =>
      btoa(String.fromCharCode(...new Uint8Array(bytes).fill(fill)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    let current: unknown = null;
    PushManager.prototype.getSubscription = () => Promise.resolve(current as PushSubscription | null);
    PushManager.prototype.subscribe = (options?: PushSubscriptionOptionsInit) => {
      const serverKey = options?.applicationServerKey;
      Object.assign(window, { subscribedWith: serverKey instanceof Uint8Array ? serverKey.byteLength : 0 });
      const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${Math.random().toString(36).slice(2)}`;
      const json = { endpoint, expirationTime: null, keys: { p256dh: key(65, 4), auth: key(16, 7) } };
      current = {
        endpoint,
        toJSON: () => json,
        unsubscribe: () => {
          current = null;
          return Promise.resolve(true);
        },
      };
      return Promise.resolve(current as PushSubscription);
    };
  });
  const page = await context.newPage();
  const asks = () => page.evaluate(() => (window as unknown as { permissionAsks: { count: number } }).permissionAsks.count);
  await page.goto('/login');
  await new AuthPage(page).login(account.email, account.password);
  await expect(page).toHaveURL('/');
  await page.goto('/dashboard/profile');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  const toggle = page.getByRole('checkbox', { name: 'Notifications on this device' });
  await expect(toggle).toBeEnabled();
  await expect(toggle).not.toBeChecked();
  expect(await asks()).toBe(0);

  const subscribed = page.waitForResponse((res) => res.url().endsWith('/api/push/subscriptions') && res.request().method() === 'POST');
  await toggle.click();
  const answer = await subscribed;
  expect(answer.status()).toBe(201);
  const sent = answer.request().postDataJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  expect(sent.endpoint).toMatch(/^https:\/\//);
  expect(await asks()).toBe(1);
  expect(await page.evaluate(() => (window as unknown as { subscribedWith: number }).subscribedWith)).toBe(65);
  await expect(toggle).toBeChecked();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const { violations } = await new AxeBuilder({ page })
    .include('section[aria-labelledby="push-heading"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  const removed = page.waitForResponse((res) => res.url().endsWith('/api/push/subscriptions') && res.request().method() === 'DELETE');
  await toggle.click();
  expect((await removed).status()).toBe(200);
  await expect(toggle).not.toBeChecked();
  await context.close();
});
