import { expect as baseExpect, test, type Page } from '@playwright/test';
import { bookFlight, login, newTraveller, signedInContext } from './pages/dashboard-api';
import { AuthPage } from './pages/auth-page';
import { DashboardPage } from './pages/dashboard-page';
import { ADMIN } from './pages/credentials';

// NOTE: pages render from the device once the first sync lands, which takes a few seconds on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 150_000 });

/** Nothing scrolls sideways: not the page, and no table is wider than its box. */
const noSidewaysScroll = (page: Page) =>
  page.evaluate(
    () =>
      document.documentElement.scrollWidth <= window.innerWidth &&
      [...document.querySelectorAll('.table-wrap')].every((box) => box.scrollWidth <= box.clientWidth),
  );

/** Follows a menu link; on a phone the menu folds behind its Menu button first. */
async function openFromMenu(dash: DashboardPage, name: string): Promise<void> {
  if ((dash.page.viewportSize()?.width ?? 0) < 640) await dash.page.getByRole('button', { name: 'Menu', exact: true }).click();
  await dash.menuLink(name).click();
}

for (const width of [390, 1366] as const) {
  test(`at ${width} px an admin finds a traveller, sees their bookings, makes them admin, disables another account (signed out at once) and reads the audit by action`, async ({
    browser,
    request,
  }) => {
    const tag = `${width}-${Date.now().toString(36)}`;
    const amara = await newTraveller(request, `Amara Found ${tag}`);
    const { booking } = await bookFlight(request, amara.token, `admin-users-audit at ${width}`, 'Amara');
    const leaving = await newTraveller(request, `Femi Leaving ${tag}`);

    // The account about to be disabled has a session open on its bookings.
    const theirContext = await signedInContext(browser, leaving.token, { viewport: { width, height: 844 } });
    const theirs = new DashboardPage(await theirContext.newPage());
    await theirs.page.goto('/dashboard/bookings');
    await expect(theirs.heading('My Bookings')).toBeVisible();

    const staff = await signedInContext(browser, await login(request, ADMIN), { viewport: { width, height: 844 } });
    const admin = new DashboardPage(await staff.newPage());
    await admin.page.goto('/dashboard/overview');
    await openFromMenu(admin, 'Users');
    await expect(admin.heading('Users')).toBeVisible();

    // Find the traveller by a part of the name, open the account, see the booking.
    await admin.field('Search by name or e-mail').fill(`Amara Found ${tag}`);
    await expect(admin.main.getByText('1 account', { exact: true })).toBeVisible();
    await admin.main.getByRole('link', { name: `Open Amara Found ${tag}` }).click();
    await expect(admin.heading(`Amara Found ${tag}`)).toBeVisible();
    const bookings = admin.main.getByRole('table', { name: 'Bookings of this account' });
    await expect(bookings).toContainText(booking.bookingId);
    await expect(bookings).toContainText('pending');
    await expect(admin.main.getByRole('link', { name: `History of ${booking.bookingId}` })).toBeVisible();
    expect(await noSidewaysScroll(admin.page)).toBe(true);

    // Make them admin, after the question.
    await admin.main.getByRole('button', { name: 'Make admin' }).click();
    const ask = admin.dialog('Make admin?');
    const box = await ask.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
    await ask.getByRole('button', { name: 'Make admin' }).click();
    await expect(admin.toast(`Amara Found ${tag} is now an admin`)).toBeVisible();
    await expect(admin.main.getByText('Admin', { exact: true })).toBeVisible();
    await expect(admin.main.getByRole('button', { name: 'Remove admin' })).toBeVisible();

    // Disable the other account: its open session is signed out at once, and it cannot sign in again.
    await admin.page.goto('/dashboard/users');
    await admin.field('Search by name or e-mail').fill(leaving.email);
    await admin.main.getByRole('link', { name: `Open Femi Leaving ${tag}` }).click();
    await admin.main.getByRole('button', { name: 'Disable account' }).click();
    await admin.dialog('Disable account?').getByRole('button', { name: 'Disable account' }).click();
    await expect(admin.toast(`Femi Leaving ${tag}'s account is disabled`)).toBeVisible();
    await expect(admin.main.getByText('Disabled', { exact: true })).toBeVisible();

    await expect(theirs.page).toHaveURL(/\/login\?redirect=/);
    await new AuthPage(theirs.page).login(leaving.email, leaving.password);
    await expect(theirs.page.getByText('This account has been disabled. Contact SkyWay support.')).toBeVisible();
    expect(await noSidewaysScroll(theirs.page)).toBe(true);

    // The audit, filtered by action, names the account and who did it.
    await openFromMenu(admin, 'Audit log');
    await expect(admin.heading('Audit log')).toBeVisible();
    await admin.choose(admin.main.getByRole('combobox', { name: 'Action' }), 'Account disabled', 'disabled');
    const disabled = admin.main
      .getByRole('table', { name: 'Audit log' })
      .getByRole('row')
      .filter({ hasText: `Femi Leaving ${tag}` });
    await expect(disabled).toContainText('Account disabled');
    await expect(disabled).toContainText(leaving.email);
    await expect(disabled).toContainText('active → disabled');
    await expect(disabled).toContainText('You');
    await expect(admin.main.getByRole('table', { name: 'Audit log' })).not.toContainText('Role changed');
    await admin.choose(admin.main.getByRole('combobox', { name: 'Action' }), 'Role changed', 'role');
    await expect(
      admin.main
        .getByRole('table', { name: 'Audit log' })
        .getByRole('row')
        .filter({ hasText: `Amara Found ${tag}` }),
    ).toContainText('user → admin');
    expect(await noSidewaysScroll(admin.page)).toBe(true);

    await staff.close();
    await theirContext.close();
  });
}
