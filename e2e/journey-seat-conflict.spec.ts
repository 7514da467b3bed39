import { expect, test } from '@playwright/test';
import { AuthPage, registerAccount } from './pages/auth-page';
import { BookingPage } from './pages/booking-page';
import { apiLogin, bookThroughApi, freeSeats } from './pages/journey-api';
import { PaymentPage } from './pages/payment-page';
import { bookingFlight } from './pages/booking-days';

test('a seat taken by someone else meanwhile reopens the seat picker with the reason', async ({ page, request }) => {
  const account = await registerAccount(request, 'Gbenga Ola');
  const rival = await registerAccount(request, 'Quick Rival');
  const flight = await bookingFlight(request, 'journey-seat-conflict');
  const [seat = 'A1', other = 'A2'] = await freeSeats(request, flight._id, 2);

  await page.goto('/login');
  await new AuthPage(page).login(account.email, account.password);
  await expect(page).toHaveURL('/');
  await page.goto(`/booking?id=${flight._id}`);
  const booking = new BookingPage(page);
  await booking.bookOne(seat);
  await expect(page).toHaveURL('/payment');

  await bookThroughApi(request, await apiLogin(request, rival.email, rival.password), flight, 'bank_transfer', rival.email, seat);
  const payment = new PaymentPage(page);
  await payment.open('Bank Transfer');

  await expect(page).toHaveURL(`/booking?id=${flight._id}`);
  await expect(booking.picker.getByRole('alert').first()).toHaveText(`Seat ${seat} is no longer available`);
  await expect(booking.seat(seat)).toBeDisabled();
  await expect(booking.seat(seat)).toHaveAttribute('aria-pressed', 'false');
  await booking.seat(other).click();
  await booking.proceed().click();
  await expect(page).toHaveURL('/payment');
  const modal = await payment.open('Bank Transfer');
  await expect(modal.getByRole('link', { name: 'Make Payment' })).toBeVisible();
});
