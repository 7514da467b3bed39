import { expect, test } from '@playwright/test';
import { AuthPage, registerAccount } from './pages/auth-page';
import { BookingPage } from './pages/booking-page';
import { apiLogin, bearer, freeSeats } from './pages/journey-api';
import { PaymentPage } from './pages/payment-page';
import { bookingFlight } from './pages/booking-days';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('each payment method opens its modal: mobile and card unavailable, crypto and Cash App ready to pay', async ({ page, request }) => {
  const account = await registerAccount(request, 'Dayo Bello');
  const flight = await bookingFlight(request, 'journey-payment-modals');
  const [seat = 'A1'] = await freeSeats(request, flight._id, 1);
  const price = `$${flight.price.toFixed(2)}`;

  await page.goto('/login');
  await new AuthPage(page).login(account.email, account.password);
  await expect(page).toHaveURL('/');
  await page.goto(`/booking?id=${flight._id}`);
  await new BookingPage(page).bookOne(seat);
  await expect(page).toHaveURL('/payment');
  const payment = new PaymentPage(page);

  const mobile = await payment.open('Mobile Transfer');
  await expect(mobile).toContainText('Mobile Transfer is currently not available. Try other payment method.');
  await payment.close('Mobile Transfer');

  const opened = Date.now();
  const card = await payment.open('Credit / Debit Card');
  await expect(card.getByRole('status')).toHaveText('Checking card payment…');
  await expect(card.getByRole('alert')).toHaveText('Card Payment is currently not available. Try other payment method.', { timeout: 4_000 });
  expect(Date.now() - opened).toBeGreaterThanOrEqual(1_900);
  await payment.close('Credit / Debit Card');

  const crypto = await payment.open('Cryptocurrency');
  await expect(crypto.getByRole('combobox', { name: 'Select Cryptocurrency' })).toHaveText('USDT (TRC20)');
  await expect(crypto.getByRole('img', { name: 'QR code of the USDT wallet address' })).toBeVisible();
  await expect(crypto).toContainText(`Amount due ${flight.price} USDT`);
  await expect(crypto.locator('code')).toHaveText('TQ7uVb...eA1B');
  await expect(crypto.getByRole('timer')).toHaveText(/^15:5\d$/);
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await crypto.getByRole('button', { name: 'Copy address' }).click();
  await expect.poll(() => alerts).toEqual(['Copied to clipboard!']);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('TQ7uVb9fG3cLx8pKzR2mN5wYhD4sJ6eA1B');
  await expect(crypto.getByRole('button', { name: `I have made payment (${price})` })).toBeEnabled();
  await payment.close('Cryptocurrency');

  const cashApp = await payment.open('Cash App');
  await expect(cashApp.getByRole('img', { name: 'QR code of the Cash App tag' })).toBeVisible();
  await expect(cashApp).toContainText(`Amount due ${price}`);
  await expect(cashApp).toContainText('Name SkyWay Airlines');
  await expect(cashApp.locator('code')).toHaveText('$SkyWa...yAir');
  await expect(cashApp.getByRole('timer')).toHaveText(/^15:5\d$/);

  // Switching from crypto to Cash App changed the method of the one booking: nothing was cancelled.
  const token = await apiLogin(request, account.email, account.password);
  const mine = (await (await request.get('/api/bookings/user', { headers: bearer(token) })).json()) as { status: string }[];
  expect(mine.map((b) => b.status)).toEqual(['pending']);

  await cashApp.getByRole('button', { name: `I have made payment (${price})` }).click();
  await expect(page).toHaveURL(/\/confirm\?bookingId=.+&paymentId=.+/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Confirming payment');
  await expect(page.getByRole('main')).toContainText('Cash App');
});
