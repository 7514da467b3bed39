import type { Locator, Page } from '@playwright/test';

export type Method = 'Mobile Transfer' | 'Bank Transfer' | 'Credit / Debit Card' | 'Cryptocurrency' | 'Cash App';

// The payment method page and its modals.
export class PaymentPage {
  readonly main: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
  }

  async open(method: Method): Promise<Locator> {
    await this.main.getByRole('article', { name: method }).getByRole('button', { name: 'Proceed To Payment' }).click();
    return this.modal(method);
  }

  modal(method: Method): Locator {
    return this.page.getByRole('dialog', { name: method });
  }

  async close(method: Method): Promise<void> {
    await this.modal(method).getByRole('button', { name: 'Close' }).click();
  }
}
