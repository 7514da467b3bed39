import { expect, test } from '@playwright/test';
import { AuthPage, registerAccount } from './pages/auth-page';
import { ADA, BookingPage } from './pages/booking-page';
import { freeSeats } from './pages/journey-api';
import { bookingFlight } from './pages/booking-days';

test('the login detour keeps the traveller details and the seats, and so does a reload', async ({ page, request }) => {
  const account = await registerAccount(request, 'Chidi Eze');
  const flight = await bookingFlight(request, 'journey-login-detour');
  const [seat = 'A1'] = await freeSeats(request, flight._id, 1);

  await page.goto(`/booking?id=${flight._id}`);
  const booking = new BookingPage(page);
  await booking.fillTraveller(1, ADA);
  await booking.field('Email').fill(account.email);
  await booking.field('Mobile number').fill('+234 803 111 2222');
  await booking.button('Continue').click();
  await booking.seat(seat).click();
  await booking.proceed().click();

  await expect(page).toHaveURL(`/login?redirect=/booking?id=${flight._id}`);
  await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();
  await new AuthPage(page).login(account.email, account.password);
  await expect(page).toHaveURL(`/booking?id=${flight._id}`);

  const kept = async () => {
    const adult = booking.adult(1);
    await expect(adult.getByLabel('First name', { exact: true })).toHaveValue(ADA.firstName);
    await expect(adult.getByLabel('Passport number', { exact: true })).toHaveValue(ADA.passport);
    await expect(adult.getByRole('combobox', { name: 'Nationality' })).toHaveValue(ADA.country);
    await expect(adult.getByRole('combobox', { name: 'Month' })).toHaveText(ADA.month);
    await expect(booking.field('Mobile number')).toHaveValue('+234 803 111 2222');
  };
  await kept();
  await page.reload();
  await kept();

  await booking.button('Continue').click();
  await expect(booking.seat(seat)).toHaveAttribute('aria-pressed', 'true');
  await booking.proceed().click();
  await expect(page).toHaveURL('/payment');
  await expect(page.getByRole('complementary', { name: 'Your Booking' })).toContainText(`Seats: ${seat}`);
});
