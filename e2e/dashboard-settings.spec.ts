import { expect as baseExpect, test } from '@playwright/test';
import { bearer, login, signedInContext } from './pages/dashboard-api';
import { DashboardPage } from './pages/dashboard-page';
import { ADMIN } from './pages/credentials';

// NOTE: pages render from the device once the first sync lands (the 14-day flight window included), which
// takes a few seconds on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

type Settings = {
  bankingInfo: { routing: string; bankName: string };
  whatsApp: string;
  mail: { hasPassword: boolean };
  reviewDeadlineHours: number;
  maxUnpaidSeats: number;
  classFares: { Business: number };
};

test('settings cards are validated with the spec texts, saved whole, and the mail password stays write-only', async ({ browser, request }) => {
  const token = await login(request, ADMIN);
  const before = (await (await request.get('/api/settings', { headers: bearer(token) })).json()) as Settings;
  const context = await signedInContext(browser, token);
  const dash = new DashboardPage(await context.newPage());
  await dash.page.goto('/dashboard/settings');

  const banking = dash.form('Banking Information');
  await banking.getByLabel('Bank name', { exact: true }).fill('');
  await banking.getByRole('button', { name: 'Update' }).click();
  await expect(banking.getByRole('alert')).toHaveText('All fields are required.');
  await banking.getByLabel('Bank name', { exact: true }).fill(before.bankingInfo.bankName);
  await banking.getByLabel('Routing number', { exact: true }).fill('021000021');
  await banking.getByRole('button', { name: 'Update' }).click();
  await expect(dash.toast('Updated successfully!')).toBeVisible();

  const crypto = dash.form('Crypto Information');
  await crypto.getByRole('button', { name: 'Add currency' }).click();
  await crypto.getByRole('button', { name: 'Update' }).click();
  await expect(crypto.getByRole('alert')).toHaveText('All fields in cryptoInfo are required.');

  const cashApp = dash.form('Cash App Information');
  await cashApp.getByLabel('Cash App tag', { exact: true }).fill(' ');
  await cashApp.getByRole('button', { name: 'Update' }).click();
  await expect(cashApp.getByRole('alert')).toHaveText('Cash App name and tag are required.');

  const mail = dash.form('Email Notification');
  await expect(mail.getByLabel('Email password', { exact: true })).toHaveAttribute('placeholder', before.mail.hasPassword ? '•••••• (saved)' : '');
  await expect(mail.getByLabel('Email password', { exact: true })).toHaveValue('');
  await mail.getByLabel('Sender email', { exact: true }).fill('');
  await mail.getByRole('button', { name: 'Update' }).click();
  await expect(mail.getByRole('alert')).toHaveText('Mail email and password are required.');

  const whatsApp = dash.form('WhatsApp Link');
  await whatsApp.getByLabel('WhatsApp link', { exact: true }).fill('');
  await whatsApp.getByRole('button', { name: 'Update' }).click();
  await expect(whatsApp.getByRole('alert')).toHaveText('WhatsApp link is required.');
  await whatsApp.getByLabel('WhatsApp link', { exact: true }).fill('https://wa.me/2348010000000');
  await whatsApp.getByRole('button', { name: 'Update' }).click();
  await expect(dash.toast('Updated successfully!').last()).toBeVisible();

  const holds = dash.form('Seat holds');
  await holds.getByLabel('Unpaid seats per account', { exact: true }).fill('0');
  await holds.getByRole('button', { name: 'Update' }).click();
  await expect(holds.getByRole('alert')).toHaveText('Unpaid seats must be 1 to 240');
  await holds.getByLabel('Review deadline (hours)', { exact: true }).fill('72');
  await holds.getByLabel('Unpaid seats per account', { exact: true }).fill(String(before.maxUnpaidSeats));
  await holds.getByRole('button', { name: 'Update' }).click();
  await expect(dash.toast('Updated successfully!').last()).toBeVisible();

  const fares = dash.form('Class fares');
  await expect(fares.getByLabel('Economy (x flight price)', { exact: true })).toHaveValue('1');
  await fares.getByLabel('Business (x Economy)', { exact: true }).fill('11');
  await fares.getByRole('button', { name: 'Update' }).click();
  await expect(fares.getByRole('alert')).toHaveText('Class fares must be 1 to 10 times the Economy fare');
  await fares.getByLabel('Business (x Economy)', { exact: true }).fill('3');
  await fares.getByRole('button', { name: 'Update' }).click();
  await expect(dash.toast('Updated successfully!').last()).toBeVisible();
  expect(((await (await request.get('/api/settings')).json()) as Settings).classFares.Business).toBe(3);

  await dash.page.reload();
  await expect(dash.form('Seat holds').getByLabel('Review deadline (hours)', { exact: true })).toHaveValue('72');
  await expect(dash.form('Class fares').getByLabel('Business (x Economy)', { exact: true })).toHaveValue('3');
  await expect(dash.form('Banking Information').getByLabel('Routing number', { exact: true })).toHaveValue('021000021');
  await expect(dash.form('WhatsApp Link').getByLabel('WhatsApp link', { exact: true })).toHaveValue('https://wa.me/2348010000000');
  const after = (await (await request.get('/api/settings', { headers: bearer(token) })).json()) as Settings;
  expect(after.mail.hasPassword).toBe(before.mail.hasPassword);
  expect(after.bankingInfo.routing).toBe('021000021');
  expect(after.reviewDeadlineHours).toBe(72);

  // Put the WhatsApp link and the review deadline back for the other tests.
  const restore = dash.form('WhatsApp Link');
  await restore.getByLabel('WhatsApp link', { exact: true }).fill(before.whatsApp);
  await restore.getByRole('button', { name: 'Update' }).click();
  await expect(dash.toast('Updated successfully!').last()).toBeVisible();
  const restoreFares = dash.form('Class fares');
  await restoreFares.getByLabel('Business (x Economy)', { exact: true }).fill(String(before.classFares.Business));
  await restoreFares.getByRole('button', { name: 'Update' }).click();
  await expect(dash.toast('Updated successfully!').last()).toBeVisible();
  const restoreHolds = dash.form('Seat holds');
  await restoreHolds.getByLabel('Review deadline (hours)', { exact: true }).fill(String(before.reviewDeadlineHours));
  await restoreHolds.getByRole('button', { name: 'Update' }).click();
  await expect(dash.toast('Updated successfully!').last()).toBeVisible();
  await context.close();
});
