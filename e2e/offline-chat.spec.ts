import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { AuthPage, registerAccount } from './pages/auth-page';
import { controlledByWorker } from './pages/device';
import { apiLogin, bearer } from './pages/journey-api';
import { ADMIN } from './pages/credentials';

type Conversation = { _id: string; otherUser: { fullName: string } };
type Message = { _id: string; content: string };

/** The server's side: the support conversations of `fullName`, with their messages. */
async function serverThreads(request: APIRequestContext, fullName: string): Promise<string[][]> {
  const admin = bearer(await apiLogin(request, ADMIN.email, ADMIN.password));
  const all = (await (await request.get('/api/messages/conversations/Support', { headers: admin })).json()) as Conversation[];
  const mine = all.filter((c) => c.otherUser.fullName === fullName);
  return Promise.all(
    mine.map(async (c) =>
      ((await (await request.get(`/api/messages/${c._id}`, { headers: admin })).json()) as { messages: Message[] }).messages.map((m) => m.content),
    ),
  );
}

async function openChat(page: Page): Promise<{ panel: Locator; messages: Locator; input: Locator }> {
  await page.getByRole('button', { name: 'Chat with support' }).click();
  const panel = page.getByRole('region', { name: 'Support chat' });
  await panel.getByRole('button', { name: 'Send us a message' }).click();
  await expect(panel.getByText('We usually reply within 2 hours')).toBeVisible();
  return { panel, messages: panel.getByRole('list', { name: 'Messages' }), input: panel.getByRole('textbox', { name: 'Message' }) };
}

/** Offline from the first message on: shown at once as 'Sending', kept over a reload, delivered once when back. */
async function firstMessageOffline(context: BrowserContext, page: Page, request: APIRequestContext, fullName: string): Promise<void> {
  await context.setOffline(true);
  const chat = await openChat(page);
  await expect(chat.panel.getByText('You are offline')).toHaveCount(0);
  await chat.input.fill('Is my flight still on time?');
  await chat.input.press('Enter');
  await expect(chat.messages.getByText('Is my flight still on time?')).toBeVisible();
  await expect(chat.messages.getByText('Sending')).toHaveCount(1);

  await page.reload();
  const again = await openChat(page);
  await expect(again.messages.getByText('Is my flight still on time?')).toBeVisible();
  await expect(again.messages.getByText('Sending')).toHaveCount(1);
  expect(await serverThreads(request, fullName)).toEqual([]);

  await context.setOffline(false);
  await expect(again.messages.getByText('Sending')).toHaveCount(0, { timeout: 20_000 });
  await page.waitForTimeout(1_000);
  expect(await serverThreads(request, fullName)).toEqual([['Is my flight still on time?']]);
  await page.reload();
  const after = await openChat(page);
  await expect(after.messages.getByText('Is my flight still on time?')).toHaveCount(1);
  expect(await serverThreads(request, fullName)).toEqual([['Is my flight still on time?']]);
}

test('a signed-in traveller writes a first support message offline; it is delivered exactly once', async ({ context, request }) => {
  test.setTimeout(90_000);
  const account = await registerAccount(request, `Traveller ${randomUUID().slice(0, 6)}`);
  const page = await context.newPage();
  await page.goto('/login');
  await new AuthPage(page).login(account.email, account.password);
  await expect(page).toHaveURL('/');
  await controlledByWorker(page);
  await firstMessageOffline(context, page, request, account.fullName);
});

test('a guest whose identity is on the device writes a first support message offline; it is delivered exactly once', async ({ context, request }) => {
  test.setTimeout(90_000);
  const fullName = `Guest ${randomUUID().slice(0, 6)}`;
  const answer = await request.post('/api/users/login-guest', { data: { fullName, email: `${fullName.replace(' ', '.')}@example.com` } });
  const { guestUser } = (await answer.json()) as { guestUser: unknown };
  await context.addInitScript((stored) => localStorage.setItem('supportGuest', stored), JSON.stringify(guestUser));
  const page = await context.newPage();
  await page.goto('/');
  await controlledByWorker(page);
  await firstMessageOffline(context, page, request, fullName);
});
