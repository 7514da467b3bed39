import { expect, test } from '@playwright/test';
import { startInbox, type Received } from '../server/test/smtp-inbox';
import { AuthPage, registerAccount } from './pages/auth-page';
import { apiLogin, bearer } from './pages/journey-api';
import { pointMailAt } from './pages/mail';
import { successToast } from './pages/toasts';
import { ADMIN } from './pages/credentials';

type Mail = { to: string; subject: string; text: string };

test('forgot password mails a reset link that sets a new password; the outbox admins read keeps no token', async ({ page, request }) => {
  const account = await registerAccount(request, 'Halima Musa');
  const admin = bearer(await apiLogin(request, ADMIN.email, ADMIN.password));
  const inbox = await startInbox();
  let received: Received;
  try {
    await pointMailAt(request, admin, inbox.url);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL('/forgot-password');
    await expect(page.getByRole('heading', { name: 'Forgot password', level: 1 })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'If an account exists, we sent a reset link' })).toBeVisible();
    received = await inbox.mailTo(account.email, 'Reset your SkyWay password');
  } finally {
    await pointMailAt(request, admin, '');
    await inbox.close();
  }
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(received.parts.get('text/plain') ?? '')?.[0];
  expect(link).toBeTruthy();
  const mails = (await (await request.get('/api/mail-outbox?limit=50', { headers: admin })).json()) as Mail[];
  expect(mails.find((m) => m.to === account.email && m.subject === 'Reset your SkyWay password')?.text).toContain('reset-password?token=[redacted]');

  await page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);
  await expect(page.getByRole('heading', { name: 'Choose a new password', level: 1 })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Brand-new-pass-7');
  await page.getByLabel('Confirm password', { exact: true }).fill('Brand-new-pass-7');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();
  await new AuthPage(page).login(account.email, 'Brand-new-pass-7');
  await expect(page).toHaveURL('/');
});

test('a new account is asked to confirm its e-mail; Resend mails a fresh link, which confirms it once', async ({ page, request }) => {
  const admin = bearer(await apiLogin(request, ADMIN.email, ADMIN.password));
  const inbox = await startInbox();
  let received: Received;
  try {
    await pointMailAt(request, admin, inbox.url);
    const account = await registerAccount(request, 'Kofi Mensah');
    await inbox.mailTo(account.email, 'Confirm your SkyWay e-mail address');
    await page.goto('/login');
    await new AuthPage(page).login(account.email, account.password);
    await expect(page).toHaveURL('/');
    await page.goto('/dashboard/profile');
    const notice = page.getByRole('status').filter({ hasText: 'Please confirm your email address.' });
    await expect(notice).toContainText(account.email);
    await notice.getByRole('button', { name: 'Resend link' }).click();
    await expect(successToast(page, 'We sent a new confirmation link to your email address.')).toBeVisible();
    received = await inbox.mailTo(account.email, 'Confirm your SkyWay e-mail address');
  } finally {
    await pointMailAt(request, admin, '');
    await inbox.close();
  }
  const link = new URL(/https?:\/\/\S+\/verify-email\?token=[\w-]+/.exec(received.parts.get('text/plain') ?? '')?.[0] ?? '');
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('status').filter({ hasText: 'Your email address is confirmed.' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to my bookings' }).click();
  await expect(page.getByRole('heading', { name: 'My Bookings', level: 1 })).toBeVisible();
  await expect(page.getByText('Please confirm your email address.')).toHaveCount(0);
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('alert')).toContainText('This confirmation link is invalid or has expired');
});

test('the contact page shows the numbers from the settings and sends a message to the operator', async ({ page, request }) => {
  await page.goto('/contact');
  const main = page.getByRole('main');
  const details = main.getByRole('complementary', { name: 'Contact details' });
  await expect(details.getByRole('link', { name: '+44 20 7123 4567' })).toHaveAttribute('href', 'tel:+442071234567');
  await expect(details.getByRole('link', { name: 'support@skyway.test' })).toHaveAttribute('href', 'mailto:support@skyway.test');
  await expect(details.getByRole('link', { name: 'Chat on WhatsApp' })).toHaveAttribute('href', 'https://wa.me/442071234567');

  const form = main.getByRole('form', { name: 'Send us a message' });
  await form.getByLabel('Name', { exact: true }).fill('Ifeoma Chukwu');
  await form.getByLabel('Email', { exact: true }).fill('ifeoma@example.test');
  await form.getByLabel('Message', { exact: true }).fill('Can I travel with a guide dog?');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form).toContainText('Please accept the terms and conditions');
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(successToast(page, 'Thank you! Your message has been sent.')).toBeVisible();

  const admin = bearer(await apiLogin(request, ADMIN.email, ADMIN.password));
  const mails = (await (await request.get('/api/mail-outbox?limit=50', { headers: admin })).json()) as Mail[];
  const mail = mails.find((m) => m.subject === 'Contact form: message from Ifeoma Chukwu');
  expect(mail?.text).toContain('Can I travel with a guide dog?');
});
