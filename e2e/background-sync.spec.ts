import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type CDPSession, type Page } from '@playwright/test';
import { AuthPage, registerAccount } from './pages/auth-page';
import { controlledByWorker } from './pages/device';
import { ADMIN, apiLogin, bearer } from './pages/journey-api';

type Conversation = { _id: string; otherUser: { fullName: string } };
type Message = { content: string };

/** The server's side, read as the admin: the support messages of `fullName`, per conversation. */
async function serverThreads(request: APIRequestContext, fullName: string): Promise<string[][]> {
  const admin = bearer(await apiLogin(request, ADMIN.email, ADMIN.password));
  const all = (await (await request.get('/api/messages/conversations/Support', { headers: admin })).json()) as Conversation[];
  return Promise.all(
    all
      .filter((c) => c.otherUser.fullName === fullName)
      .map(async (c) =>
        ((await (await request.get(`/api/messages/${c._id}`, { headers: admin })).json()) as { messages: Message[] }).messages.map((m) => m.content),
      ),
  );
}

/** The tags the page has asked Background Sync for. */
function syncTags(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync: { getTags(): Promise<string[]> } };
    return registration.sync.getTags();
  });
}

/** The service worker registrations of the browser context, as DevTools sees them (for dispatchSyncEvent). */
async function workerRegistrations(cdp: CDPSession): Promise<Map<string, string>> {
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const r of updated) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  return registrations;
}

test('a chat message queued offline is sent by the service worker after the app was closed', async ({ context, request, baseURL }) => {
  test.setTimeout(120_000);
  const account = await registerAccount(request, `Traveller ${randomUUID().slice(0, 6)}`);
  // NOTE: a page of another origin keeps the browser context (and a DevTools session on it) alive once the app's page is closed.
  const observer = await context.newPage();
  const cdp = await context.newCDPSession(observer);
  const registrations = await workerRegistrations(cdp);

  const page = await context.newPage();
  await page.goto('/login');
  await new AuthPage(page).login(account.email, account.password);
  await expect(page).toHaveURL('/');
  await controlledByWorker(page);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Chat with support' }).click();
  const panel = page.getByRole('region', { name: 'Support chat' });
  await panel.getByRole('button', { name: 'Send us a message' }).click();
  const input = panel.getByRole('textbox', { name: 'Message' });
  await input.fill('Sent from a closed app');
  await input.press('Enter');
  await expect(panel.getByRole('list', { name: 'Messages' }).getByText('Sending')).toHaveCount(1);
  // Chromium has Background Sync: the UI says the message goes even if the app is closed.
  await expect(panel.getByText('Will send in the background when you are back online, even if you close the app.')).toBeVisible();
  await expect.poll(() => syncTags(page)).toContain('flush-outbox');

  await page.close();
  expect(await serverThreads(request, account.fullName)).toEqual([]);

  await context.setOffline(false);
  const scope = `${new URL('/', baseURL).href}`;
  await expect.poll(() => registrations.get(scope), { message: `registration of ${scope}` }).toBeTruthy();
  // NOTE: headless Chromium does not always notice the emulated reconnect; DevTools fires the event the browser would.
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: new URL(scope).origin,
    registrationId: registrations.get(scope) ?? '',
    tag: 'flush-outbox',
    lastChance: false,
  });
  await expect.poll(() => serverThreads(request, account.fullName), { timeout: 30_000 }).toEqual([['Sent from a closed app']]);
  expect(context.pages().map((p) => p.url())).toEqual(['about:blank']);

  // Reopened, the app finds nothing left to send: the message stays delivered once.
  const reopened = await context.newPage();
  await reopened.goto('/');
  await expect.poll(() => reopened.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await reopened.waitForTimeout(2_000);
  expect(await serverThreads(request, account.fullName)).toEqual([['Sent from a closed app']]);
});
