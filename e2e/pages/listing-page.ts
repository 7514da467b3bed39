import type { Locator, Page } from '@playwright/test';

// The flight listing: result headings and flight cards.
export class ListingPage {
  readonly main: Locator;
  readonly cards: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.cards = this.main.getByRole('article');
  }

  heading(name: string | RegExp, level: 1 | 2 = 1): Locator {
    return this.main.getByRole('heading', { name, level });
  }

  card(index = 0): Locator {
    return this.cards.nth(index);
  }

  storedSearch(): Promise<Record<string, unknown>> {
    return this.page.evaluate(() => JSON.parse(localStorage.getItem('searchForm') ?? '{}') as Record<string, unknown>);
  }
}
