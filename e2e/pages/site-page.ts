import type { Locator, Page } from '@playwright/test';

// The parts every page shares: navbar, main content and footer.
export class SitePage {
  readonly header: Locator;
  readonly nav: Locator;
  readonly signUp: Locator;
  readonly heading: Locator;
  readonly footer: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByRole('banner');
    this.nav = this.header.getByRole('navigation', { name: 'Main' });
    this.signUp = this.header.getByRole('link', { name: 'Sign Up' });
    this.heading = page.getByRole('main').getByRole('heading', { level: 1 });
    this.footer = page.getByRole('contentinfo');
  }

  navLink(name: string): Locator {
    return this.nav.getByRole('link', { name, exact: true });
  }

  footerLink(name: string): Locator {
    return this.footer.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name });
  }
}
