import { expect, test } from '@playwright/test';
import { AuthPage, registerAccount } from './pages/auth-page';
import { signedInContext } from './pages/dashboard-api';
import { DashboardPage, PAYMENT_SEARCH } from './pages/dashboard-page';
import { apiLogin, bookThroughApi, getPayment } from './pages/journey-api';
import { receiptPdf } from './pages/receipt-pdf';
import { ADMIN } from './pages/credentials';
import { bookingFlight } from './pages/booking-days';

const RULE = 'Receipts must be a JPEG, PNG or WebP image or a PDF, up to 10 MB.';

test('a PDF receipt chosen offline is kept as a document, replaced, sent once online, and the admin sees it as a document', async ({
  page,
  context,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const account = await registerAccount(request, 'Ngozi Pdf');
  const token = await apiLogin(request, account.email, account.password);
  const created = await bookThroughApi(request, token, await bookingFlight(request, 'journey-pdf-receipt'), 'bank_transfer', account.email);
  const paymentId = created.payment._id;

  await page.goto('/login');
  await new AuthPage(page).login(account.email, account.password);
  await expect(page).toHaveURL('/');
  await page.goto(created.link);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Upload Receipt' })).toBeVisible();
  const input = main.getByLabel('Receipt image');
  await expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,application/pdf');
  await expect(main.getByText(RULE)).toBeVisible();

  // A text file named .pdf is neither a PDF nor an image: refused on the device, with what is allowed.
  await input.setInputFiles({ name: 'bank.pdf', mimeType: 'application/pdf', buffer: Buffer.from('I paid, honestly') });
  await expect(main.getByRole('alert')).toHaveText(RULE);
  await expect(input).toHaveAttribute('aria-invalid', 'true');

  await context.setOffline(true);
  await input.setInputFiles(receiptPdf('first-statement.pdf', 'First try'));
  await expect(main.getByText('first-statement.pdf')).toBeVisible();
  await expect(main.getByRole('alert')).toBeHidden();
  await expect(main.getByText('Receipt queued: it uploads when you are back online.')).toBeVisible();
  await input.setInputFiles(receiptPdf('transfer-statement.pdf'));
  await expect(main.getByText('transfer-statement.pdf')).toBeVisible();
  await expect(main.getByText('first-statement.pdf')).toBeHidden();
  await expect(main.getByRole('img', { name: 'Your receipt' })).toHaveCount(0);
  expect((await getPayment(request, token, paymentId)).image).toBeNull();

  await context.setOffline(false);
  await expect(main.getByText('Receipt uploaded.')).toBeVisible({ timeout: 20_000 });
  await expect(main.getByRole('list', { name: 'Changes waiting to sync' })).toBeHidden({ timeout: 20_000 });
  const saved = await getPayment(request, token, paymentId);
  expect(saved.image).toMatch(/^\/api\/images\/[0-9a-f]{32}$/);
  const served = await request.get(saved.image ?? '', { headers: { Authorization: `Bearer ${token}` } });
  expect(served.headers()['content-type']).toBe('application/pdf');
  expect((await served.body()).equals(receiptPdf('transfer-statement.pdf').buffer)).toBe(true);

  const staff = await signedInContext(browser, await apiLogin(request, ADMIN.email, ADMIN.password));
  const admin = new DashboardPage(await staff.newPage());
  await admin.page.goto('/dashboard/all-payments');
  await expect(admin.heading('All Payments')).toBeVisible({ timeout: 15_000 });
  await admin.field(PAYMENT_SEARCH).fill(created.payment.transactionId);
  await admin
    .row(created.payment.transactionId)
    .getByRole('button', { name: `View payment ${created.payment.transactionId}` })
    .click();
  const view = admin.dialog(`Payment ${created.payment.transactionId}`);
  await expect(view.getByText(`receipt-${created.booking.bookingId}.pdf`)).toBeVisible({ timeout: 15_000 });
  // Chromium shows PDFs inline (navigator.pdfViewerEnabled): the first page is previewed in a titled frame.
  await expect(view.getByTitle(`Payment receipt (PDF): receipt-${created.booking.bookingId}.pdf`)).toBeVisible();
  const open = view.getByRole('link', { name: 'Open receipt (PDF)' });
  await expect(open).toHaveAttribute('href', /^blob:/);
  await expect(open).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([admin.page.waitForEvent('popup'), open.click()]);
  expect(tab.url()).toBe(await open.getAttribute('href'));
  await staff.close();
});
