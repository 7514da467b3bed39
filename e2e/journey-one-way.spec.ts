import { expect, test } from '@playwright/test';
import { AuthPage, registerAccount } from './pages/auth-page';
import { ADA, BookingPage } from './pages/booking-page';
import { datePlus } from './pages/dates';
import { approvePayment, apiLogin, freeSeats, getPayment, receiptPng } from './pages/journey-api';
import { PaymentPage } from './pages/payment-page';
import { SearchPanel } from './pages/search-panel';
import { bookingDay, bookingFlight } from './pages/booking-days';

test('one way from the home search to a completed payment after the admin approves it', async ({ page, request }) => {
  const account = await registerAccount(request, 'Ada Obi');
  const date = datePlus(bookingDay('journey-one-way'));
  const flight = await bookingFlight(request, 'journey-one-way');
  const [seat = 'A1'] = await freeSeats(request, flight._id, 1);

  await page.goto('/login');
  await new AuthPage(page).login(account.email, account.password);
  await expect(page).toHaveURL('/');

  const search = new SearchPanel(page);
  await search.fill({ from: `${flight.origin.city}(LOS)`, to: `${flight.destination.city}(ACC)`, date, travelClass: 'Economy' });
  await search.button('Find Flight').click();
  await page.getByRole('main').getByRole('article').first().getByRole('button', { name: 'Book Now' }).click();
  await expect(page).toHaveURL(`/booking?id=${flight._id}`);

  const booking = new BookingPage(page);
  await expect(booking.main.getByRole('heading', { level: 1 })).toHaveText(`${flight.origin.city} - ${flight.destination.city}`);
  await expect(booking.main).toContainText('Nonstop');
  await expect(booking.main).toContainText('Please make sure you enter the Name as per your passport');
  await expect(booking.main).toContainText('Enter a valid passport number, this may affect your booking confirmation');
  await expect(booking.main).toContainText('Refundable(Penalty Applied)');
  await expect(booking.fareRow('Total Fare')).toHaveText(`$${flight.price.toFixed(2)}`);
  await expect(booking.field('Email')).toHaveValue(account.email);

  await booking.button('Continue').click();
  await expect(booking.adult(1)).toContainText('First name is required');
  await booking.fillTraveller(1, ADA);
  await booking.field('Mobile number').fill('+234 802 555 0101');
  await booking.button('Continue').click();
  await booking.seat(seat).click();
  await expect(booking.seat(seat)).toHaveAttribute('aria-pressed', 'true');
  await booking.proceed().click();
  await expect(page).toHaveURL('/payment');

  const payment = new PaymentPage(page);
  await expect(payment.main.getByRole('complementary', { name: 'Your Booking' })).toContainText(`Seats: ${seat}`);
  const modal = await payment.open('Bank Transfer');
  await modal.getByRole('link', { name: 'Make Payment' }).click();
  await expect(page).toHaveURL(/\/payment\/[0-9a-f]{32}$/);

  const main = page.getByRole('main');
  await expect(main.getByLabel('Bank details')).toContainText('SkyWay Airlines Ltd');
  await expect(main.getByRole('timer', { name: /Account number refresh/ })).toHaveText(/^(60:00|59:5\d)$/);
  await expect(main).toContainText('Only confirm if you have made the transfer');
  await main.getByLabel('Receipt image').setInputFiles(receiptPng());
  await expect(main.getByRole('img', { name: 'Your receipt' })).toBeVisible();
  await expect(main.getByText('Receipt uploaded.')).toBeVisible({ timeout: 15_000 });
  await main.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page).toHaveURL(/\/confirm\?paymentId=/);

  const paymentId = new URL(page.url()).searchParams.get('paymentId') ?? '';
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Confirming payment');
  await expect(main).toContainText(`$${flight.price.toFixed(2)} USD`);
  await expect(main).toContainText('Bank Transfer');
  await expect(main.getByRole('link', { name: 'Go to Booking' })).toHaveAttribute('href', '/dashboard/bookings');

  const token = await apiLogin(request, account.email, account.password);
  await expect.poll(async () => (await getPayment(request, token, paymentId)).image, { timeout: 15_000 }).not.toBeNull();
  await approvePayment(request, paymentId);
  // A live push (socket poke, then a pull) updates the page well before the 10-second poll.
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Payment completed', { timeout: 9_000 });
});
