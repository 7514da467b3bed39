import type { APIRequestContext, Locator, Page } from '@playwright/test';

export type Account = { fullName: string; email: string; password: string };

/** A fresh account made through the API, so tests do not depend on each other. */
export async function registerAccount(request: APIRequestContext, name = 'Test Traveller'): Promise<Account> {
  const account = { fullName: name, email: `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@skyway.test`, password: 'Sturdy-pass-42' };
  const response = await request.post('/api/auths/register', { data: account });
  if (response.status() !== 201) throw new Error(`register failed: ${response.status()} ${await response.text()}`);
  return account;
}

// The login and signup forms.
export class AuthPage {
  readonly main: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
  }

  field(label: 'Full name' | 'Email' | 'Password' | 'Confirm password'): Locator {
    return this.main.getByLabel(label, { exact: true });
  }

  submit(name: 'Log In' | 'Sign Up'): Locator {
    return this.main.getByRole('button', { name, exact: true });
  }

  async login(email: string, password: string): Promise<void> {
    await this.field('Email').fill(email);
    await this.field('Password').fill(password);
    await this.submit('Log In').click();
  }

  authToken(): Promise<string | null> {
    return this.page.evaluate(() => localStorage.getItem('authToken'));
  }
}
