import { readFile, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { AuthPage, registerAccount } from './pages/auth-page';
import { apiLogin, bearer } from './pages/journey-api';
import { ADMIN } from './pages/credentials';

const swFile = new URL('../dist/pwa/sw.js', import.meta.url);

async function send(page: Page, text: string): Promise<void> {
  const input = page.getByRole('region', { name: 'Support chat' }).getByRole('textbox', { name: 'Message' });
  await input.fill(text);
  await input.press('Enter');
  await expect(input).toHaveValue('');
}

async function openChat(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Chat with support' }).click();
  const panel = page.getByRole('region', { name: 'Support chat' });
  await panel.getByRole('button', { name: 'Send us a message' }).click();
  await expect(panel.getByText('We usually reply within 2 hours')).toBeVisible();
}

/** Every message of `fullName`'s support conversations, as the server holds them. */
async function serverMessages(request: APIRequestContext, fullName: string): Promise<string[]> {
  const admin = bearer(await apiLogin(request, ADMIN.email, ADMIN.password));
  const all = (await (await request.get('/api/messages/conversations/Support', { headers: admin })).json()) as {
    _id: string;
    otherUser: { fullName: string };
  }[];
  const texts: string[] = [];
  for (const c of all.filter((x) => x.otherUser.fullName === fullName)) {
    const page = (await (await request.get(`/api/messages/${c._id}?limit=100`, { headers: admin })).json()) as { messages: { content: string }[] };
    texts.push(...page.messages.map((m) => m.content));
  }
  return texts;
}

test('two tabs share one outbox: every mutation is pushed by one tab, once', async ({ context, request }) => {
  test.setTimeout(120_000);
  const account = await registerAccount(request, `Two Tabs ${randomUUID().slice(0, 6)}`);
  const [one, two] = [await context.newPage(), await context.newPage()];
  await one.goto('/login');
  await new AuthPage(one).login(account.email, account.password);
  await expect(one).toHaveURL('/');
  await two.goto('/');
  await openChat(one);
  await send(one, 'hello');
  await expect(one.getByText('Sending')).toHaveCount(0, { timeout: 20_000 });
  await openChat(two);
  await expect(two.getByText('hello')).toBeVisible();

  // Each push that reached the server, with the mutation ids it carried, from either tab or from the service
  // worker, whose Background Sync may flush the queue once the browser is back online.
  const pushes: number[][] = [];
  context.on('requestfinished', (req) => {
    if (!req.url().endsWith('/api/sync/push')) return;
    const body = JSON.parse(req.postData() ?? '{}') as { mutations?: { id: number }[] };
    pushes.push((body.mutations ?? []).map((m) => m.id));
  });

  // Offline, both tabs queue; back online, both wake at once.
  await context.setOffline(true);
  for (let i = 1; i <= 4; i += 1) {
    await send(one, `one offline ${i}`);
    await send(two, `two offline ${i}`);
  }
  await context.setOffline(false);
  // Online, both tabs write while both sync.
  await Promise.all(
    [one, two].map(async (tab, t) => {
      for (let i = 1; i <= 6; i += 1) await send(tab, `tab ${t + 1} online ${i}`);
    }),
  );
  await expect(one.getByText('Sending')).toHaveCount(0, { timeout: 30_000 });
  await expect(two.getByText('Sending')).toHaveCount(0, { timeout: 30_000 });

  // The 20 sendMessage mutations (and any read receipts), each in one push.
  await expect.poll(() => pushes.flat().length).toBeGreaterThanOrEqual(20);
  const ids = pushes.flat();
  expect(new Set(ids).size, `pushes: ${JSON.stringify(pushes)}`).toBe(ids.length);
  const texts = await serverMessages(request, account.fullName);
  expect(texts).toHaveLength(21);
  expect(new Set(texts).size).toBe(21);
});

test('a missing hashed asset answers 404, and a tab asking for a file of an earlier deploy reloads into the current one', async ({ browser, request }) => {
  const missing = await request.get('/assets/index-0ld0ld00.js', { headers: { 'sec-fetch-dest': 'script', accept: '*/*' } });
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({ code: 'not_found', message: 'Not found' });
  expect((await request.get('/dashboard/payments', { headers: { 'sec-fetch-dest': 'document', accept: 'text/html' } })).status()).toBe(200);

  // No service worker: the tab asks the server, as a tab does once the new version's worker has dropped the old files.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('main')).toBeVisible();
  let stale = true;
  const answers: number[] = [];
  // The first request for the About page's code asks, as a stale tab would, for a name the server no longer has.
  await page.route(/\/assets\/about-page-[^/]+\.js$/, async (route) => {
    const url = stale ? new URL('/assets/about-page-0ld0ld00.js', route.request().url()).href : route.request().url();
    stale = false;
    const response = await route.fetch({ url });
    answers.push(response.status());
    await route.fulfill({ response });
  });
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  await page.getByRole('link', { name: 'About', exact: true }).first().click();
  await expect(page).toHaveURL('/about');
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'About SkyWay' })).toBeVisible({ timeout: 20_000 });
  expect(answers).toEqual([404, 200]);
  expect(loads).toBe(1);
  await context.close();
});

test('the update prompt works in every tab: Reload in the second tab after the first took the update', async ({ context }) => {
  test.setTimeout(90_000);
  const first = await context.newPage();
  await first.goto('/');
  await expect.poll(() => first.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), { timeout: 20_000 }).toBe('activated');
  await first.reload();
  const second = await context.newPage();
  await second.goto('/');
  for (const tab of [first, second]) await expect.poll(() => tab.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  const original = await readFile(swFile, 'utf8');
  try {
    await writeFile(swFile, `${original}\n// deployed by e2e at ${Date.now()}\n`);
    await first.reload();
    const toast = (tab: Page) => tab.getByRole('status').filter({ hasText: 'New version available' });
    await expect(toast(first)).toBeVisible();
    await expect(toast(second)).toBeVisible();

    await toast(first).getByRole('button', { name: 'Reload' }).click();
    await expect(toast(first)).toBeHidden();
    await expect.poll(() => first.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();

    const reloaded = second.waitForEvent('load');
    await toast(second).getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(toast(second)).toBeHidden();
  } finally {
    await writeFile(swFile, original);
  }
});
