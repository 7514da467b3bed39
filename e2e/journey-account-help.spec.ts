import { expect, test } from '@playwright/test';
import { AuthPage, registerAccount } from './pages/auth-page';
import { ADMIN, apiLogin, bearer } from './pages/journey-api';
import { successToast } from './pages/toasts';

type Mail = { to: string; subject: string; text: string };

test('forgot password mails a reset link that sets a new password', async ({ page, request }) => {
  const account = await registerAccount(request, 'Halima Musa');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Forgot password', level: 1 })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If an account exists, we sent a reset link' })).toBeVisible();

  const admin = bearer(await apiLogin(request, ADMIN.email, ADMIN.password));
  const mails = (await (await request.get('/api/mail-outbox?limit=50', { headers: admin })).json()) as Mail[];
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mails.find((m) => m.to === account.email)?.text ?? '')?.[0];
  expect(link).toBeTruthy();

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
