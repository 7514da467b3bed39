import { expect as baseExpect, test } from '@playwright/test';
import { bookFlight, login, newTraveller, signedInContext } from './pages/dashboard-api';
import { DashboardPage } from './pages/dashboard-page';
import { ADMIN } from './pages/credentials';

// NOTE: pages render from the device once the first sync lands (the 14-day flight window included), which
// takes a few seconds on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

test("the admin's dashboard opens on today's figures and the 30-day charts, and exports the bookings it finds", async ({ browser, request }) => {
  const traveller = await newTraveller(request, 'Kemi Export');
  const { booking } = await bookFlight(request, traveller.token, 'dashboard-overview', 'Kemi, "KJ"');
  const context = await signedInContext(browser, await login(request, ADMIN));
  const dash = new DashboardPage(await context.newPage());

  await dash.page.goto('/dashboard');
  await expect(dash.page).toHaveURL('/dashboard/overview');
  for (const figure of ['Bookings today', 'Revenue today', 'Payments to review', 'Seats sold today']) {
    await expect(dash.main.getByText(figure, { exact: true })).toBeVisible();
  }
  const bookingsToday = dash.main.locator('.figure').filter({ hasText: 'Bookings today' }).locator('dd');
  await expect.poll(async () => Number(await bookingsToday.textContent())).toBeGreaterThan(0);
  await expect(dash.main.getByRole('img', { name: 'Bookings per day, last 30 days' })).toBeVisible();
  await expect(dash.main.getByRole('img', { name: 'Revenue per day, last 30 days' })).toBeVisible();

  await dash.menuLink('All Bookings').click();
  await dash.field('Search by flight number or passenger').fill('kemi, "kj"');
  await expect(dash.rows()).toHaveCount(2);
  await expect(dash.row(booking.bookingId)).toContainText('pending');
  const download = dash.page.waitForEvent('download');
  await dash.main.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('bookings.csv');
  const text = await (await file.createReadStream()).toArray();
  const csv = Buffer.concat(text.map((chunk: Buffer) => chunk))
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('Booking ID,Passenger,Flight No.,Class,Seat,Booking Status,Payment Status,Booked On');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`${booking.bookingId},"Kemi, ""KJ"" Okafor",`);
  await context.close();
});
