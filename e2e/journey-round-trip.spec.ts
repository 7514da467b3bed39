import { expect, test } from '@playwright/test';
import { AuthPage, registerAccount } from './pages/auth-page';
import { ADA, BookingPage } from './pages/booking-page';
import { datePlus } from './pages/dates';
import { apiLogin, freeSeats, getPayment } from './pages/journey-api';
import { PaymentPage } from './pages/payment-page';
import { SearchPanel } from './pages/search-panel';
import { bookingDay, bookingFlight } from './pages/booking-days';

const money = (dollars: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);

test('a round trip for two travellers in Business holds four seats and costs both Business fares twice', async ({ page, request }) => {
  const account = await registerAccount(request, 'Bola Ade');
  const date = datePlus(bookingDay('journey-round-trip outbound'));
  const returnDate = datePlus(bookingDay('journey-round-trip return'));
  const outbound = await bookingFlight(request, 'journey-round-trip outbound');
  const inbound = await bookingFlight(request, 'journey-round-trip return');
  const outSeats = await freeSeats(request, outbound._id, 2);
  const backSeats = await freeSeats(request, inbound._id, 2);
  // Business is 2.5 times the flight's (Economy) price, to whole cents, per leg and traveller.
  const business = (price: number) => Math.round(price * 100 * 2.5) / 100;
  const total = ((Math.round(outbound.price * 250) + Math.round(inbound.price * 250)) * 2) / 100;

  await page.goto('/login');
  await new AuthPage(page).login(account.email, account.password);
  await expect(page).toHaveURL('/');
  const search = new SearchPanel(page);
  await search.fill({
    from: `${outbound.origin.city}(LHR)`,
    to: `${outbound.destination.city}(CDG)`,
    date,
    returnDate,
    travelClass: 'Business',
    travelers: '2 Travelers',
  });
  await search.button('Find Flight').click();
  const main = page.getByRole('main');
  await expect(main.getByRole('article').first()).toContainText(`${money(business(outbound.price))} per traveller`);
  await expect(main.getByRole('article').first()).toContainText(`Total ${money(business(outbound.price) * 2)} for 2 travelers`);
  await main.getByRole('article').first().getByRole('button', { name: 'Book Now' }).click();
  await expect(main.getByRole('heading', { name: 'Choose your return flight' })).toBeVisible();
  await expect(main.getByRole('region', { name: 'Your outbound flight' })).toContainText(money(business(outbound.price)));
  await main.getByRole('article').first().getByRole('button', { name: 'Book Now' }).click();
  await expect(page).toHaveURL(`/booking?id=${outbound._id}&return=${inbound._id}`);

  const booking = new BookingPage(page);
  await expect(main.getByRole('article', { name: /^Returning:/ })).toContainText(inbound.flightNumber);
  await expect(booking.button('Add New Adult')).toBeHidden();
  await booking.fillTraveller(1, ADA);
  await booking.fillTraveller(2, { ...ADA, firstName: 'Tunde', passport: 'B11223344' });
  await booking.field('Mobile number').fill('+44 20 7946 0018');
  await expect(booking.fareRow('Travellers')).toHaveText('x 2');
  await expect(booking.fareRow('Discount')).toHaveText('+ $0');
  await expect(booking.fareRow('Total Fare')).toHaveText(money(total));

  await booking.button('Continue').click();
  for (const seat of outSeats) await booking.seat(seat).click();
  await booking.proceed().click();
  await expect(booking.tab('Returning')).toHaveAttribute('aria-selected', 'true');
  await expect(booking.picker).toContainText('Choose 2 seats on the returning flight');
  for (const seat of backSeats) await booking.seat(seat).click();
  await booking.proceed().click();
  await expect(page).toHaveURL('/payment');

  const payment = new PaymentPage(page);
  await expect(main.getByRole('complementary', { name: 'Your Booking' })).toContainText(`Business · 2 travellers`);
  await expect(main.getByRole('complementary', { name: 'Your Booking' })).toContainText(`Total ${money(total)}`);
  const modal = await payment.open('Cash App');
  await expect(modal).toContainText(`Amount due ${money(total)}`);
  await modal.getByRole('button', { name: `I have made payment (${money(total)})` }).click();
  await expect(page).toHaveURL(/\/confirm\?bookingId=.+&paymentId=.+/);
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Confirming payment');
  await expect(main).toContainText(`${outbound.origin.city} → ${outbound.destination.city} → ${outbound.origin.city}`);
  await expect(main).toContainText(`${money(total)} USD`);

  const paymentId = new URL(page.url()).searchParams.get('paymentId') ?? '';
  const saved = await getPayment(request, await apiLogin(request, account.email, account.password), paymentId);
  expect(saved.amount).toBe(total);
  expect(saved.awaitingReviewAt).not.toBeNull();
  expect(saved.bookingId.travellers).toHaveLength(2);
  const seatsOn = (flightId: string) =>
    saved.bookingId.seatId
      .filter((s) => s.flightId === flightId)
      .map((s) => s.seatNumber)
      .sort();
  expect(seatsOn(outbound._id)).toEqual([...outSeats].sort());
  expect(seatsOn(inbound._id)).toEqual([...backSeats].sort());
});
