import { expect, type APIRequestContext } from '@playwright/test';
import { startInbox, type Inbox } from '../../server/test/smtp-inbox';
import { ADMIN } from './credentials';
import { apiLogin, bearer } from './journey-api';

/** Points the server's mail at `smtpUrl` through the admin settings ('' stores mail without sending). */
export async function pointMailAt(request: APIRequestContext, admin: Record<string, string>, smtpUrl: string): Promise<void> {
  const current = (await (await request.get('/api/settings', { headers: admin })).json()) as { mail: { name: string } };
  const saved = await request.put('/api/settings', { headers: admin, data: { ...current, mail: { name: current.mail.name }, smtpUrl } });
  expect(saved.status()).toBe(200);
}

/** Runs `work` while the server's mail goes to a real SMTP inbox, as an admin sets it in the settings; then stores mail again. */
export async function withInbox<T>(request: APIRequestContext, work: (inbox: Inbox) => Promise<T>): Promise<T> {
  const admin = bearer(await apiLogin(request, ADMIN.email, ADMIN.password));
  const inbox = await startInbox();
  try {
    await pointMailAt(request, admin, inbox.url);
    return await work(inbox);
  } finally {
    await pointMailAt(request, admin, '');
    await inbox.close();
  }
}
