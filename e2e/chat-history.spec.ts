import { expect, test, type APIRequestContext } from '@playwright/test';
import { seriousFindings } from './pages/axe';
import { bearer, newTraveller, signedInContext } from './pages/dashboard-api';
import { keepScreenshot } from './pages/screenshot';

/** More than a device keeps of a conversation (RECENT_MESSAGES, 50). */
const MESSAGES = 70;

/** A support conversation of the traveller with `MESSAGES` messages, written through the API one after another, so each has its own time. */
async function longConversation(request: APIRequestContext, token: string): Promise<void> {
  const headers = bearer(token);
  const started = await request.post('/api/messages/conversations/start', { data: { type: 'Support' }, headers });
  expect(started.ok()).toBe(true);
  const { _id: conversationId } = (await started.json()) as { _id: string };
  for (let n = 1; n <= MESSAGES; n += 1) {
    const sent = await request.post('/api/messages/send', { data: { conversationId, content: `History message ${n}` }, headers });
    expect(sent.status()).toBe(201);
  }
}

const noSidewaysScroll = () => document.documentElement.scrollWidth <= window.innerWidth;

// Issue #47: a device keeps the newest messages of a conversation; the older ones load on scroll, online.
for (const width of [1280, 390]) {
  test(`a traveller scrolls a ${MESSAGES}-message support chat up to its first message (${width} px)`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const traveller = await newTraveller(request, `History Reader ${width}`);
    await longConversation(request, traveller.token);
    const context = await signedInContext(browser, traveller.token, { viewport: { width, height: 844 } });
    const page = await context.newPage();

    await page.goto('/');
    await page.getByRole('button', { name: 'Chat with support' }).click();
    const panel = page.getByRole('region', { name: 'Support chat' });
    await panel.getByRole('button', { name: 'Send us a message' }).click();
    const messages = panel.getByRole('list', { name: 'Messages' });
    await expect(messages.getByText(`History message ${MESSAGES}`, { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(panel.getByRole('button', { name: 'Show older messages' })).toBeAttached();

    // Each page of older messages keeps the view where it was, so the reader scrolls up again for the next.
    const first = messages.getByText('History message 1', { exact: true });
    await panel.locator('.chat-thread').hover();
    await expect(async () => {
      await page.mouse.wheel(0, -20_000);
      await expect(first).toBeInViewport({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(panel.getByRole('status').filter({ hasText: 'Start of the conversation' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Show older messages' })).toHaveCount(0);
    await expect(messages.locator('.chat-text')).toHaveCount(MESSAGES);

    expect(await seriousFindings(page)).toEqual([]);
    expect(await page.evaluate(noSidewaysScroll)).toBe(true);
    await keepScreenshot(page, `chat-history-${width}`);
    if (width < 400) {
      await page.setViewportSize({ width: 360, height: 740 });
      expect(await page.evaluate(noSidewaysScroll)).toBe(true);
      await keepScreenshot(page, 'chat-history-360');
    }
    await context.close();
  });
}
