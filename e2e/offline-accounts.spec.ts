import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { ownServer } from './own-server';
import { AuthPage, registerAccount, type Account } from './pages/auth-page';
import { apiLogin, bearer, bookThroughApi, getPayment, receiptPng } from './pages/journey-api';
import { successToast } from './pages/toasts';
import { TRAVELLER } from './pages/credentials';
import { bookingFlight } from './pages/booking-days';

type ApiMessage = { content: string };
type ApiConversation = { _id: string };

// NOTE: the service worker is blocked (except where a test reloads offline), so offline means offline for every request.
async function device(browser: Browser, serviceWorkers: 'allow' | 'block' = 'block') {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, serviceWorkers });
  return { context, page: await context.newPage() };
}

/**
 * Offline without a gap: Chromium's offline emulation once let a sync push through to the server (the page saw
 * it fail, the server had it), so the page's API requests are also blocked until the returned function brings it back online. Blocked through
 * the DevTools protocol rather than `context.route`, which turns the HTTP cache off: offline, with the service
 * worker blocked, that cache is what serves the login page's script.
 */
async function goOffline(context: BrowserContext, page: Page): Promise<() => Promise<void>> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setBlockedURLs', { urls: ['*/api/*'] });
  await context.setOffline(true);
  return async () => {
    await cdp.send('Network.setBlockedURLs', { urls: [] });
    await cdp.detach();
    await context.setOffline(false);
  };
}

async function signIn(page: Page, account: Account): Promise<void> {
  await page.goto('/login');
  await new AuthPage(page).login(account.email, account.password);
  await expect(page).toHaveURL('/');
}

async function openSignOut(page: Page, name: string): Promise<void> {
  const chat = page.getByRole('region', { name: 'Support chat' });
  if (await chat.isVisible()) await chat.getByRole('button', { name: 'Close support chat' }).click();
  await page.getByRole('button', { name: `Account menu for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
}

/** Opens the support widget's chat and answers its composer, once the conversation is ready. */
async function openChat(page: Page) {
  await page.getByRole('button', { name: 'Chat with support' }).click();
  const chat = page.getByRole('region', { name: 'Support chat' });
  await chat.getByRole('button', { name: 'Send us a message' }).click();
  const composer = chat.getByRole('textbox', { name: 'Message' });
  await expect(composer).toBeEnabled({ timeout: 15_000 });
  return { chat, composer };
}

async function supportMessages(request: APIRequestContext, token: string): Promise<string[]> {
  const conversations = (await (await request.get('/api/messages/conversations/Support', { headers: bearer(token) })).json()) as ApiConversation[];
  const all: string[] = [];
  for (const c of conversations) {
    const page = (await (await request.get(`/api/messages/${c._id}`, { headers: bearer(token) })).json()) as ApiMessage[] | { messages: ApiMessage[] };
    all.push(...(Array.isArray(page) ? page : page.messages).map((m) => m.content));
  }
  return all;
}

/** No error toast shows at any moment for `ms` (the profile request fails only after its retries). */
async function expectNoErrorToastFor(page: Page, ms: number): Promise<void> {
  const alert = page.getByRole('region', { name: 'Notifications' }).getByRole('alert').first();
  const appeared = await alert.waitFor({ state: 'visible', timeout: ms }).then(
    () => true,
    () => false,
  );
  expect(appeared, 'an error toast appeared').toBe(false);
}

async function profileName(request: APIRequestContext, token: string): Promise<string> {
  return ((await (await request.get('/api/users', { headers: bearer(token) })).json()) as { fullName: string }).fullName;
}

test.describe('queued work belongs to its account', () => {
  test('a message and a receipt queued by one account wait, unseen and unsent, through another account’s session, and go when their author signs in again', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const ama = await registerAccount(request, 'Ama Owusu');
    const bola = await registerAccount(request, 'Bola Ade');
    const amaToken = await apiLogin(request, ama.email, ama.password);
    const created = await bookThroughApi(request, amaToken, await bookingFlight(request, 'offline-accounts'), 'bank_transfer', ama.email);
    const { context, page } = await device(browser);

    await signIn(page, ama);
    await page.goto(created.link);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Upload Receipt' })).toBeVisible();
    const { chat, composer } = await openChat(page);

    const goOnline = await goOffline(context, page);
    await composer.fill('Ama, written offline');
    await composer.press('Enter');
    await expect(chat.getByText('Ama, written offline')).toBeVisible();
    await main.getByLabel('Receipt image').setInputFiles(receiptPng());
    await expect(main.getByText('Receipt queued: it uploads when you are back online.')).toBeVisible();

    await openSignOut(page, ama.fullName);
    const dialog = page.getByRole('dialog', { name: 'Sign out?' });
    await expect(dialog.getByText('2 changes are not sent yet:')).toBeVisible();
    await expect(dialog.getByRole('listitem')).toHaveText(['Chat message', 'Receipt image']);
    await expect(dialog.getByRole('button', { name: 'Keep for next sign-in' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Keep for next sign-in' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('status').filter({ hasText: 'Sign in again to send 2 waiting changes.' })).toBeVisible();

    // Bola signs in on the same device, online: Ama's changes are neither sent nor shown nor deleted.
    await goOnline();
    await signIn(page, bola);
    await expect(page.getByText(/Sign in again to send/)).toBeHidden();
    await page.goto('/dashboard/profile');
    await expect(page.getByRole('heading', { name: 'Personal information' })).toBeVisible();
    await expect(page.getByText('Last synced just now.')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('list', { name: 'Changes waiting to sync' })).toBeHidden();
    await page.goto('/');
    const bolaChat = await openChat(page);
    await expect(bolaChat.chat.getByText('Ama, written offline')).toBeHidden();
    expect(await supportMessages(request, amaToken)).toEqual([]);
    expect((await getPayment(request, amaToken, created.payment._id)).image).toBeNull();

    await openSignOut(page, bola.fullName);
    await expect(page).toHaveURL(/\/login/);

    // Ama again: what she queued goes now, once.
    await signIn(page, ama);
    await expect.poll(() => supportMessages(request, amaToken), { timeout: 30_000 }).toEqual(['Ama, written offline']);
    await expect.poll(async () => (await getPayment(request, amaToken, created.payment._id)).image, { timeout: 30_000 }).toMatch(/^\/api\/images\//);
    await page.waitForTimeout(1_500);
    expect(await supportMessages(request, amaToken)).toEqual(['Ama, written offline']);
    const bolaToken = await apiLogin(request, bola.email, bola.password);
    expect(await supportMessages(request, bolaToken)).toEqual([]);
    await context.close();
  });

  test('signing out with a change not sent: Discard deletes it, and it is never sent', async ({ browser, request }) => {
    const ama = await registerAccount(request, 'Ama Discard');
    const { context, page } = await device(browser);
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, ama);
    await page.goto('/dashboard/profile');
    const name = page.getByLabel('Full name');
    await expect(name).toHaveValue(ama.fullName);
    const goOnline = await goOffline(context, page);
    await name.fill('Ama Never Sent');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('list', { name: 'Changes waiting to sync' })).toContainText('Profile update');

    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Sign Out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out?' });
    await expect(dialog.getByRole('listitem')).toHaveText(['Profile update']);
    // On a phone the three choices fit: nothing scrolls sideways.
    expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth && document.documentElement.scrollWidth <= 360)).toBe(true);
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText(/Sign in again to send/)).toBeHidden();

    await goOnline();
    await signIn(page, ama);
    await page.goto('/dashboard/profile');
    await expect(page.getByText('Last synced just now.')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('list', { name: 'Changes waiting to sync' })).toBeHidden();
    expect(await profileName(request, await apiLogin(request, ama.email, ama.password))).toBe(ama.fullName);
    await context.close();
  });

  test('an ended session keeps the queue and says so on every page; signing in again sends it', async ({ browser, request }) => {
    const ama = await registerAccount(request, 'Ama Expired');
    const { context, page } = await device(browser);
    await signIn(page, ama);
    await page.goto('/dashboard/profile');
    await expect(page.getByLabel('Full name')).toHaveValue(ama.fullName);
    const goOnline = await goOffline(context, page);
    await page.getByLabel('Full name').fill('Ama Kept Waiting');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('list', { name: 'Changes waiting to sync' })).toContainText('Profile update');

    // Elsewhere, the password changes: every session of before is revoked.
    const token = await apiLogin(request, ama.email, ama.password);
    const changed = await request.put('/api/users/update', { headers: bearer(token), data: { currentPassword: ama.password, newPassword: 'Fresh-pass-77' } });
    expect(changed.status()).toBe(200);

    await goOnline();
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    const banner = page.getByRole('status').filter({ hasText: 'Sign in again to send 1 waiting change.' });
    await expect(banner).toBeVisible({ timeout: 15_000 });
    await page.goto('/');
    await expect(banner).toBeVisible();
    await page.goto('/tracking');
    await expect(banner).toBeVisible();

    await banner.getByRole('link', { name: 'Sign in' }).click();
    await signIn(page, { ...ama, password: 'Fresh-pass-77' });
    await expect.poll(async () => profileName(request, await apiLogin(request, ama.email, 'Fresh-pass-77')), { timeout: 30_000 }).toBe('Ama Kept Waiting');
    await expect(banner).toBeHidden();
    await context.close();
  });

  test('a profile edit made offline is queued and sent on reconnect; offline there is no error toast, the e-mail form says it needs a connection, and the device’s storage is reported', async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const ama = await registerAccount(request, 'Ama Profile');
    const { context, page } = await device(browser, 'allow');
    await signIn(page, ama);
    await page.goto('/dashboard/profile');
    await expect(page.getByLabel('Full name')).toHaveValue(ama.fullName);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByLabel('Full name')).toHaveValue(ama.fullName);
    await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
    await expectNoErrorToastFor(page, 10_000);

    await expect(page.getByText('Changing your e-mail needs a connection')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update email' })).toBeDisabled();

    await page.getByLabel('Full name').fill('Ama P. Owusu');
    await page.getByLabel('Nationality').fill('Ghana');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(successToast(page, 'Saved on this device. Your profile is updated when you are back online.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Changes waiting to sync' })).toContainText('Profile update');
    const token = await apiLogin(request, ama.email, ama.password);
    expect(await profileName(request, token)).toBe(ama.fullName);

    await context.setOffline(false);
    await expect(page.getByRole('list', { name: 'Changes waiting to sync' })).toBeHidden({ timeout: 20_000 });
    const saved = (await (await request.get('/api/users', { headers: bearer(token) })).json()) as { fullName: string; nationality: string; email: string };
    expect(saved).toMatchObject({ fullName: 'Ama P. Owusu', nationality: 'Ghana', email: ama.email });
    await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('alert')).toHaveCount(0);

    // Whatever this browser decided about persistent storage, the profile says that, and the size.
    const persisted = await page.evaluate(() => navigator.storage.persisted());
    const storage = page.getByRole('region', { name: 'This device' });
    await expect(storage).toContainText(persisted ? 'Protected: the browser will not clear it to free space.' : 'Not protected: the browser may clear it');
    await expect(storage).toContainText(/It holds \d+(\.\d)? (kB|MB) for offline use\./);
    await context.close();
  });

  test('a support guest who then signs in keeps the chat queued as the guest: it goes, as the guest, into the guest’s conversation', async ({
    browser,
    request,
  }) => {
    const ama = await registerAccount(request, 'Ama Guest');
    const { context, page } = await device(browser);
    await page.goto('/');
    await page.getByRole('button', { name: 'Chat with support' }).click();
    const chat = page.getByRole('region', { name: 'Support chat' });
    await chat.getByRole('button', { name: 'Send us a message' }).click();
    await chat.getByLabel('Full name').fill('Ama as a guest');
    await chat.getByLabel('Email').fill(ama.email);
    await chat.getByRole('button', { name: 'Continue' }).click();
    const composer = chat.getByRole('textbox', { name: 'Message' });
    await expect(composer).toBeEnabled({ timeout: 15_000 });

    // The sync push cannot get through: the message stays queued on the device.
    await page.route('**/api/sync/push', (route) => route.abort('internetdisconnected'));
    await composer.fill('Asked before signing in');
    await composer.press('Enter');
    await expect(chat.getByText('Asked before signing in')).toBeVisible();
    await chat.getByRole('button', { name: 'Close support chat' }).click();
    const guestToken = await page.evaluate(() => (JSON.parse(localStorage.getItem('supportGuest') ?? '{}') as { token: string }).token);

    await signIn(page, ama);
    await page.waitForTimeout(1_000);
    expect(await supportMessages(request, guestToken)).toEqual([]);

    await page.unroute('**/api/sync/push');
    await page.goto('/dashboard/profile');
    await expect.poll(() => supportMessages(request, guestToken), { timeout: 30_000 }).toEqual(['Asked before signing in']);
    expect(await supportMessages(request, await apiLogin(request, ama.email, ama.password))).toEqual([]);
    await context.close();
  });

  test('with the server out of reach the dashboard shows the device’s copy and the sync banner, not an error toast', async ({ browser }) => {
    test.setTimeout(120_000);
    const server = await ownServer();
    try {
      const context = await browser.newContext({ baseURL: server.url });
      const page = await context.newPage();
      await signIn(page, { fullName: 'Demo Traveller', ...TRAVELLER });
      await page.goto('/dashboard/profile');
      await expect(page.getByLabel('Full name')).not.toHaveValue('');
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.reload();
      await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

      await server.stop();
      await page.reload();
      await expect(page.getByLabel('Full name')).not.toHaveValue('');
      await expect(page.getByRole('status').filter({ hasText: /You are offline|We cannot reach SkyWay/ })).toBeVisible({ timeout: 20_000 });
      await expectNoErrorToastFor(page, 10_000);
      await context.close();
    } finally {
      await server.dispose();
    }
  });
});
