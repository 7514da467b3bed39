import { expect as baseExpect, test } from '@playwright/test';
import { bookFlight, login, newTraveller, signedInContext } from './pages/dashboard-api';
import { DashboardPage } from './pages/dashboard-page';
import { seriousFindings } from './pages/axe';
import { keepScreenshot } from './pages/screenshot';
import { ADMIN } from './pages/credentials';

const expect = baseExpect.configure({ timeout: 15_000 });

type Airport = { code: string; city: string; timeZone: string };
type Flight = { departureTime: string; status: string; origin: Airport };

/** 'Sat 29 Nov 14:05' in a zone, as the app writes booking times. */
function bookingDate(iso: string, timeZone: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${p.weekday} ${p.day} ${p.month} ${p.hour}:${p.minute}`;
}

const ymd = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

// Issue #48, item 8: the figures on the public pages are the network's own, not the spec's static copy.
for (const width of [1280, 390] as const) {
  test(`home and About count the network's destinations, popular destinations show their real next flight, the footer this year (${width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const airports = (await (await request.get('/api/airports')).json()) as Airport[];
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(main.getByText(`Search flights to ${airports.length} destinations`)).toBeVisible();
    await expect(main.getByText(`Total ${airports.length} destinations that we work with`)).toBeVisible();
    await expect(page.locator('body')).not.toContainText('630');

    const section = page.getByRole('region', { name: 'Popular Destinations' });
    const today = new Date();
    const week = new Date(today.getTime() + 7 * 86_400_000);
    for (const [name, code] of [
      ['Thailand', 'BKK'],
      ['Hong Kong', 'HKG'],
      ['Maldives', 'MLE'],
      ['Switzerland', 'ZRH'],
    ] as const) {
      const flights = (await (await request.get(`/api/flights?destination=${code}&from=${ymd(today)}&to=${ymd(week)}&limit=20`)).json()) as Flight[];
      const next = flights.find((f) => Date.parse(f.departureTime) > Date.now() && (f.status === 'scheduled' || f.status === 'delayed'));
      const card = section.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
      const note = next ? `Next flight ${bookingDate(next.departureTime, next.origin.timeZone)} from ${next.origin.city}` : 'No flight in the coming week';
      await expect(card).toContainText(note);
    }
    await expect(section).not.toContainText('★');
    await expect(section.getByLabel(/Rated/)).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toContainText(`© ${today.getFullYear()} SkyWay Airlines`);
    expect(await seriousFindings(page)).toEqual([]);
    await section.scrollIntoViewIfNeeded();
    await keepScreenshot(page, `home-destinations-${width}`);

    await page.goto('/about');
    await expect(main).toContainText(`with ${airports.length} destinations in our own network`);
    await expect(main).not.toContainText('630');
  });

  test(`the booking dialog says its times are local and how long the flight takes, across the date line (${width} px)`, async ({ browser, request }) => {
    const traveller = await newTraveller(request, 'Kenji Dateline');
    const created = await bookFlight(request, traveller.token, `true-texts at ${width}`, 'Kenji');
    const context = await signedInContext(browser, await login(request, ADMIN), { viewport: { width, height: 900 } });
    const admin = new DashboardPage(await context.newPage());
    await admin.page.goto(`/dashboard/all-bookings?q=${created.flight.flightNumber}`);
    await admin.main.getByRole('button', { name: `View booking ${created.booking.bookingId}` }).click();
    const dialog = admin.dialog(`Booking ${created.booking.bookingId}`);
    await expect(dialog).toContainText('local time in Tokyo');
    await expect(dialog).toContainText('local time in Los Angeles');
    const minutes = Math.round((Date.parse(created.flight.arrivalTime) - Date.parse(created.flight.departureTime)) / 60_000);
    await expect(dialog.getByRole('definition').filter({ hasText: `${Math.floor(minutes / 60)}hr ${minutes % 60}min` })).toBeVisible();
    expect(await seriousFindings(admin.page)).toEqual([]);
    await keepScreenshot(admin.page, `booking-dialog-local-times-${width}`);
    await context.close();
  });
}
