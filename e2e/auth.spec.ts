import { expect, test } from '@playwright/test';
import { AuthPage, registerAccount } from './pages/auth-page';
import { SitePage } from './pages/site-page';
import { lastErrorToast } from './pages/toasts';

test('login shows the required-field texts', async ({ page }) => {
  await page.goto('/login');
  const auth = new AuthPage(page);
  await auth.submit('Log In').click();
  await expect(auth.main.getByText('Email is required')).toBeVisible();
  await expect(auth.main.getByText('Password is required')).toBeVisible();
  await expect(auth.field('Email')).toBeFocused();
});

test('a wrong password shows the server text as an error toast', async ({ page, request }) => {
  const account = await registerAccount(request);
  await page.goto('/login');
  const auth = new AuthPage(page);
  await auth.login(account.email, 'not-the-password');
  await expect(lastErrorToast(page)).toHaveText('Invalid email or password');
  expect(await auth.authToken()).toBeNull();
});

test('login returns to the redirect target, and Sign Out from the avatar menu goes to /login', async ({ page, request }) => {
  const account = await registerAccount(request, 'Ada Obi');
  await page.goto('/login?redirect=/booking?id=abc&return=def');
  const auth = new AuthPage(page);
  await auth.login(account.email, account.password);

  await expect(page).toHaveURL('/booking?id=abc&return=def');
  expect(await auth.authToken()).toBeTruthy();

  const site = new SitePage(page);
  await expect(site.signUp).toHaveCount(0);
  await page.reload();
  const menuButton = site.header.getByRole('button', { name: 'Account menu for Ada Obi' });
  await menuButton.click();
  const menu = page.getByRole('menu', { name: 'Account' });
  await expect(menu.getByRole('menuitem')).toHaveText(['Profile', 'Booking', 'Track', 'Sign Out']);
  await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();

  await menuButton.click();
  await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/login');
  expect(await auth.authToken()).toBeNull();
  await expect(site.signUp).toBeVisible();
});

test('signup shows the spec validation texts', async ({ page }) => {
  await page.goto('/signup');
  const auth = new AuthPage(page);
  await auth.field('Full name').fill('Ada Obi');
  await auth.field('Email').fill('ada@example');
  await auth.field('Password').fill('short');
  await auth.field('Confirm password').fill('shorter');
  await auth.submit('Sign Up').click();
  await expect(auth.main.getByText('A valid email is required')).toBeVisible();
  await expect(auth.main.getByText('Password must be at least 8 characters long')).toBeVisible();
  await expect(auth.main.getByText('Passwords do not match')).toBeVisible();
  await expect(auth.field('Email')).toBeFocused();
});

test('signup keeps the redirect from login and signs the new user in', async ({ page }) => {
  await page.goto('/login?redirect=%2Fbooking%3Fid%3Dxyz');
  await page.getByRole('main').getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL('/signup?redirect=%2Fbooking%3Fid%3Dxyz');

  const auth = new AuthPage(page);
  await auth.field('Full name').fill('New Traveller');
  await auth.field('Email').fill(`e2e-signup-${Date.now()}@skyway.test`);
  await auth.field('Password').fill('Sturdy-pass-42');
  await auth.field('Confirm password').fill('Sturdy-pass-42');
  await auth.submit('Sign Up').click();

  await expect(page).toHaveURL('/booking?id=xyz');
  expect(await auth.authToken()).toBeTruthy();
  await expect(new SitePage(page).header.getByRole('button', { name: 'Account menu for New Traveller' })).toBeVisible();
});

test('signing up with a taken e-mail shows the server error as a toast', async ({ page, request }) => {
  const account = await registerAccount(request);
  await page.goto('/signup');
  const auth = new AuthPage(page);
  await auth.field('Full name').fill('Someone Else');
  await auth.field('Email').fill(account.email);
  await auth.field('Password').fill('Sturdy-pass-42');
  await auth.field('Confirm password').fill('Sturdy-pass-42');
  await auth.submit('Sign Up').click();
  await expect(lastErrorToast(page)).toBeVisible();
  await expect(page).toHaveURL('/signup');
});
