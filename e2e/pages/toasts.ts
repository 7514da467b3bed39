import type { Locator, Page } from '@playwright/test';

/** The newest error toast (toasts stack, newest last). */
export function lastErrorToast(page: Page): Locator {
  return page.getByRole('region', { name: 'Notifications' }).getByRole('alert').last();
}

export function successToast(page: Page, text: string): Locator {
  return page.getByRole('region', { name: 'Notifications' }).getByRole('status').filter({ hasText: text });
}
