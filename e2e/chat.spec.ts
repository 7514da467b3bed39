import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN } from './pages/credentials';

/** A real photo-sized PNG: larger than 1024 px, so the browser scales it down before the upload. */
function photo(r: number, g: number, b: number): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
}

async function adminContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const response = await fetch(`${baseURL}/api/auths/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { token } = (await response.json()) as { token: string };
  // NOTE: the service worker is blocked so that offline means offline for every request of the page.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addInitScript((value) => localStorage.setItem('authToken', value), token);
  return context;
}

/** The support widget as a visitor sees it. */
class Widget {
  readonly panel: Locator;
  readonly messages: Locator;
  readonly input: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByRole('region', { name: 'Support chat' });
    this.messages = this.panel.getByRole('list', { name: 'Messages' });
    this.input = this.panel.getByRole('textbox', { name: 'Message' });
  }

  async open(): Promise<void> {
    await this.page.getByRole('button', { name: 'Chat with support' }).click();
    await expect(this.panel).toBeVisible();
  }

  async send(text: string): Promise<void> {
    await this.input.fill(text);
    await this.input.press('Enter');
    await expect(this.input).toHaveValue('');
  }
}

/** The admin support console. */
class Console {
  readonly messages: Locator;
  readonly input: Locator;

  constructor(readonly page: Page) {
    this.messages = page.getByRole('main').getByRole('list', { name: 'Messages' });
    this.input = page.getByRole('main').getByRole('textbox', { name: 'Message' });
  }

  conversation(name: string): Locator {
    return this.page.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: new RegExp(name) });
  }
}

const bubbleTexts = (list: Locator) => list.locator('.chat-text').allTextContents();

test('a guest and an admin chat both ways with images; offline messages are queued and arrive once, in order', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  if (!baseURL) throw new Error('no base URL');
  const guestName = `Grace ${randomUUID().slice(0, 6)}`;
  const guestContext = await browser.newContext({ serviceWorkers: 'block' });
  const staffContext = await adminContext(browser, baseURL);
  const widget = new Widget(await guestContext.newPage());
  const desk = new Console(await staffContext.newPage());

  await widget.page.goto('/');
  await widget.open();
  await widget.panel.getByRole('button', { name: 'Send us a message' }).click();
  const proceed = widget.panel.getByRole('button', { name: 'Continue' });
  await expect(proceed).toBeDisabled();
  await widget.panel.getByLabel('Full name').fill(guestName);
  await expect(proceed).toBeDisabled();
  await widget.panel.getByLabel('Email').fill('grace@example.com');
  await expect(proceed).toBeEnabled();
  await proceed.click();
  await expect(widget.panel.getByText('We usually reply within 2 hours')).toBeVisible();
  await widget.send('Hello, can I bring my surfboard?');

  await desk.page.goto('/dashboard/support');
  const entry = desk.conversation(guestName);
  await expect(entry).toContainText('Guest');
  await expect(entry).toContainText('Hello, can I bring...');
  await entry.click();
  await expect(desk.page).toHaveURL(/\/dashboard\/support\?conversation=/);
  await expect(desk.messages.getByText('Hello, can I bring my surfboard?')).toBeVisible();
  // The admin has it open, so it is read: the guest sees that live under their message.
  await expect(widget.messages.getByText('Seen', { exact: true })).toBeVisible();

  // The admin answers with a photo and text; the guest sees both.
  await desk.page.getByLabel('Attach an image').setInputFiles({ name: 'board-bag.png', mimeType: 'image/png', buffer: await photo(20, 120, 200) });
  await desk.input.fill('Yes, in a board bag like this one.');
  await desk.input.press('Enter');
  await expect(widget.messages.getByText('Yes, in a board bag like this one.')).toBeVisible();
  await expect(desk.messages.getByText('Seen', { exact: true })).toBeVisible();
  const received = widget.messages.getByRole('img', { name: 'Image sent in the chat' });
  await expect(received).toBeVisible();
  await expect.poll(() => received.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1024);

  // The guest answers with a photo of their own.
  await widget.panel.getByLabel('Attach an image').setInputFiles({ name: 'my-board.png', mimeType: 'image/png', buffer: await photo(200, 80, 20) });
  await widget.send('Mine looks like this.');
  await expect(desk.messages.getByText('Mine looks like this.')).toBeVisible();
  await expect(desk.messages.getByRole('img', { name: 'Image sent in the chat' })).toHaveCount(2);

  // Offline: both messages wait on the device as 'Sending', then arrive once each, in order.
  await guestContext.setOffline(true);
  await widget.send('First while offline');
  await widget.send('Second while offline');
  await expect(widget.messages.getByText('Sending')).toHaveCount(2);
  await desk.page.waitForTimeout(1_000);
  await expect(desk.messages.getByText('First while offline')).toHaveCount(0);

  await guestContext.setOffline(false);
  await expect(desk.messages.getByText('Second while offline')).toBeVisible({ timeout: 20_000 });
  await expect(widget.messages.getByText('Sending')).toHaveCount(0);
  await desk.page.waitForTimeout(1_000);
  expect(await bubbleTexts(desk.messages)).toEqual([
    'Hello, can I bring my surfboard?',
    'Yes, in a board bag like this one.',
    'Mine looks like this.',
    'First while offline',
    'Second while offline',
  ]);
  await desk.page.reload();
  await expect(desk.messages.getByText('Second while offline')).toBeVisible();
  expect((await bubbleTexts(desk.messages)).filter((t) => t.includes('while offline'))).toEqual(['First while offline', 'Second while offline']);

  await guestContext.close();
  await staffContext.close();
});

test('the widget home links to the help articles, and the guest form asks for both fields', async ({ page }) => {
  const widget = new Widget(page);
  await page.goto('/');
  await widget.open();
  await widget.panel.getByRole('link', { name: 'Paying by bank transfer' }).click();
  await expect(page).toHaveURL('/articles/bank-transfer');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Paying by bank transfer');

  await widget.open();
  await widget.panel.getByRole('button', { name: 'Send us a message' }).click();
  const name = widget.panel.getByLabel('Full name');
  await name.focus();
  await name.blur();
  await expect(widget.panel.getByText('Please enter your full name')).toBeVisible();
  await widget.panel.getByLabel('Email').focus();
  await widget.panel.getByLabel('Email').blur();
  await expect(widget.panel.getByText('Please enter your email')).toBeVisible();
  await expect(widget.panel.getByRole('button', { name: 'Continue' })).toBeDisabled();
});

test('a guest kept on the device comes back without the form, and a lapsed token is replaced by itself', async ({ browser, baseURL }) => {
  if (!baseURL) throw new Error('no base URL');
  const name = `Lapsed ${randomUUID().slice(0, 6)}`;
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addInitScript((fullName) => {
    if (!localStorage.getItem('supportGuest')) {
      localStorage.setItem('supportGuest', JSON.stringify({ token: 'a.lapsed.token', _id: 'old-guest', fullName, email: 'lapsed@example.com' }));
    }
  }, name);
  const widget = new Widget(await context.newPage());
  await widget.page.goto('/');
  await widget.open();
  await widget.panel.getByRole('button', { name: 'Send us a message' }).click();
  await expect(widget.panel.getByText('We usually reply within 2 hours')).toBeVisible();
  await expect(widget.panel.getByLabel('Full name')).toHaveCount(0);
  await widget.send('Back again');
  await expect(widget.messages.getByText('Sending')).toHaveCount(0);
  const stored = await widget.page.evaluate(() => JSON.parse(localStorage.getItem('supportGuest') ?? '{}') as { token: string; fullName: string });
  expect(stored.fullName).toBe(name);
  expect(stored.token).not.toBe('a.lapsed.token');

  await widget.page.reload();
  await widget.open();
  await widget.panel.getByRole('button', { name: 'Send us a message' }).click();
  await expect(widget.messages.getByText('Back again')).toBeVisible();
  await context.close();
});

test('an admin pressing the widget is told they are support', async ({ browser, baseURL }) => {
  if (!baseURL) throw new Error('no base URL');
  const context = await adminContext(browser, baseURL);
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: 'Chat with support' }).click();
  await expect(page.getByText("Admin can't contact support, you are Support")).toBeVisible();
  await expect(page.getByRole('region', { name: 'Support chat' })).toHaveCount(0);
  await context.close();
});
