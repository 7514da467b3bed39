import type { Locator, Page } from '@playwright/test';

/** The admin's All payments search box. */
export const PAYMENT_SEARCH = 'Search by transaction ID, booking reference, e-mail or name';

// The signed-in area: side menu, page content, tables, cards and dialogs.
export class DashboardPage {
  readonly main: Locator;
  readonly menu: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.menu = page.getByRole('navigation', { name: 'Dashboard' });
  }

  heading(name: string): Locator {
    return this.main.getByRole('heading', { level: 1, name });
  }

  menuLink(name: string): Locator {
    return this.menu.getByRole('link', { name, exact: true });
  }

  tab(name: string): Locator {
    return this.main.getByRole('tab', { name, exact: true });
  }

  card(text: string): Locator {
    return this.main.getByRole('article').filter({ hasText: text });
  }

  rows(): Locator {
    return this.main.getByRole('table').getByRole('row');
  }

  row(text: string): Locator {
    return this.rows().filter({ hasText: text });
  }

  field(label: string): Locator {
    return this.main.getByLabel(label, { exact: true });
  }

  dialog(name: string): Locator {
    return this.page.getByRole('dialog', { name });
  }

  form(name: string): Locator {
    return this.main.getByRole('form', { name });
  }

  toast(text: string): Locator {
    return this.page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true });
  }

  /** Opens a dropdown (ARIA combobox) and picks an option; a filterable one is narrowed by `typed` first. */
  async choose(combobox: Locator, option: string, typed?: string): Promise<void> {
    await combobox.click();
    if (typed) await combobox.fill(typed);
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }
}
