import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { DashboardPage } from './pages/dashboard-page';
import { apiLogin, bearer } from './pages/journey-api';
import { ADMIN } from './pages/credentials';

// The support inbox (product rules §9.7) and a waiting traveller (product rules §9.8): a guest writes; an
// admin on another admin page sees the badge and the tab title, opens the desk, filters, sees the guest's
// name and e-mail, replies and resolves.

type Conversation = { _id: string; unreadCount: number };

/** Marks every waiting conversation read, so the counts this test sees are its own. */
async function nobodyWaiting(request: APIRequestContext): Promise<void> {
  const headers = bearer(await apiLogin(request, ADMIN.email, ADMIN.password));
  const all = (await (await request.get('/api/messages/conversations/Support', { headers })).json()) as Conversation[];
  for (const c of all.filter((x) => x.unreadCount > 0)) {
    expect((await request.put(`/api/messages/conversations/${c._id}/read`, { headers })).status()).toBe(200);
  }
}

async function adminPage(browser: Browser, request: APIRequestContext, width: number): Promise<Page> {
  const token = await apiLogin(request, ADMIN.email, ADMIN.password);
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width, height: 844 } });
  await context.addInitScript((value) => localStorage.setItem('authToken', value), token);
  return context.newPage();
}

async function guestWrites(browser: Browser, fullName: string, email: string, text: string): Promise<{ page: Page; messages: Locator }> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: 'Chat with support' }).click();
  const panel = page.getByRole('region', { name: 'Support chat' });
  await panel.getByRole('button', { name: 'Send us a message' }).click();
  await panel.getByLabel('Full name').fill(fullName);
  await panel.getByLabel('Email').fill(email);
  await panel.getByRole('button', { name: 'Continue' }).click();
  const input = panel.getByRole('textbox', { name: 'Message' });
  await input.fill(text);
  await input.press('Enter');
  const messages = panel.getByRole('list', { name: 'Messages' });
  await expect(messages.getByText('Sending')).toHaveCount(0);
  return { page, messages };
}

async function noSidewaysScroll(page: Page, where: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${where} scrolls sideways at ${width} px`).toBeLessThanOrEqual(width);
}

for (const width of [390, 1366]) {
  test(`at ${width} px a waiting guest raises the badge and the title on another admin page; the admin answers and resolves`, async ({ browser, request }) => {
    test.setTimeout(90_000);
    const phone = width < 768;
    const fullName = `Wanda ${randomUUID().slice(0, 6)}`;
    const email = `wanda.${randomUUID().slice(0, 6)}@example.com`;
    await nobodyWaiting(request);
    const admin = await adminPage(browser, request, width);
    const dash = new DashboardPage(admin);
    await admin.goto('/dashboard/overview');
    await expect(dash.heading('Overview')).toBeVisible();
    await expect(admin).toHaveTitle('SkyWay Airlines');
    const menuButton = admin.getByRole('button', { name: 'Menu', exact: true });

    const guest = await guestWrites(browser, fullName, email, 'Is there a later flight today?');

    // Live on the overview: the tab title, and the badge on Support (on a phone, on the folded Menu too).
    await expect(admin).toHaveTitle('(1) SkyWay Airlines');
    if (phone) {
      await expect(menuButton).toHaveAccessibleDescription('1 traveller waiting');
      await menuButton.click();
    }
    await expect(dash.menuLink('Support')).toHaveAccessibleDescription('1 traveller waiting');
    await noSidewaysScroll(admin, 'the overview');
    await dash.menuLink('Support').click();

    // The desk opens on Open, with the guest's name, real e-mail, unread count and the unread total.
    await expect(dash.heading('Support')).toBeVisible();
    await expect(dash.main.getByRole('tab', { name: /^Open \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true');
    await expect(dash.main.getByRole('status').filter({ hasText: 'unread' })).toHaveText('1 unread message in 1 conversation');
    const entry = dash.main.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: new RegExp(fullName) });
    await expect(entry).toContainText('Guest');
    await expect(entry).toContainText(email);
    await expect(entry).not.toContainText('guest:');
    await expect(entry.getByLabel('1 unread')).toBeVisible();
    await noSidewaysScroll(admin, 'the support desk');

    // Opening it reads it: the badge and the count leave the title.
    await entry.click();
    const pane = dash.main;
    await expect(pane.getByRole('heading', { level: 2, name: new RegExp(fullName) })).toBeVisible();
    await expect(pane.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    await expect(pane.getByText('Is there a later flight today?')).toBeVisible();
    await expect(admin).toHaveTitle('SkyWay Airlines');
    await expect(dash.main.getByRole('status').filter({ hasText: 'unread' })).toHaveText('No unread messages');

    const reply = pane.getByRole('textbox', { name: 'Message' });
    await reply.fill('Yes, SW 204 leaves at 18:30.');
    await reply.press('Enter');
    await expect(guest.messages.getByText('Yes, SW 204 leaves at 18:30.')).toBeVisible();

    // Resolved: it leaves Open and is found under Resolved, whose filter is in the address.
    await pane.getByRole('button', { name: 'Resolve' }).click();
    await expect(pane.getByText('Resolved', { exact: true })).toBeVisible();
    await expect(entry).toHaveCount(0);
    await dash.main.getByRole('tab', { name: /^Resolved \(\d+\)$/ }).click();
    await expect(admin).toHaveURL(/status=resolved/);
    await expect(entry).toBeVisible();
    await noSidewaysScroll(admin, 'the resolved conversations');

    // The guest writes again: the conversation reopens and waits again, seen from the overview.
    await dash.main.getByRole('tab', { name: /^Open \(\d+\)$/ }).click();
    if (phone) await menuButton.click();
    await dash.menuLink('Overview').click();
    await expect(dash.heading('Overview')).toBeVisible();
    const input = guest.page.getByRole('region', { name: 'Support chat' }).getByRole('textbox', { name: 'Message' });
    await input.fill('And one more question');
    await input.press('Enter');
    await expect(admin).toHaveTitle('(1) SkyWay Airlines');
    await admin.context().close();
    await guest.page.context().close();
  });
}
