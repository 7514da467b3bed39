import type { Locator, Page } from '@playwright/test';

export type TravellerData = {
  firstName: string;
  lastName: string;
  day: string;
  month: string;
  year: string;
  country: string;
  passport: string;
  expiry: string;
};

export const ADA: TravellerData = {
  firstName: 'Ada',
  lastName: 'Obi',
  day: '14',
  month: 'March',
  year: '1988',
  country: 'Nigeria',
  passport: 'A09876543',
  expiry: '2036-05-01',
};

// The booking page: traveller details, fare summary and the seat picker.
export class BookingPage {
  readonly main: Locator;
  readonly picker: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.picker = page.getByRole('dialog', { name: 'Choose your seats' });
  }

  adult(n: number): Locator {
    return this.main.getByRole('region', { name: `Adult ${n}` });
  }

  field(label: 'Email' | 'Mobile number'): Locator {
    return this.main.getByLabel(label, { exact: true });
  }

  button(name: 'Continue' | 'Add New Adult' | 'Apply'): Locator {
    return this.main.getByRole('button', { name, exact: true });
  }

  fareRow(label: string | RegExp): Locator {
    return this.main
      .getByRole('region', { name: 'Fare Summary' })
      .locator('div', { has: this.page.getByRole('term').filter({ hasText: label }) })
      .getByRole('definition');
  }

  private async choose(scope: Locator, label: string, option: string, type = false): Promise<void> {
    const box = scope.getByRole('combobox', { name: label, exact: true });
    await box.click();
    if (type) await box.fill(option);
    await scope.getByRole('option', { name: option, exact: true }).click();
  }

  async fillTraveller(n: number, data: TravellerData): Promise<void> {
    const adult = this.adult(n);
    await adult.getByLabel('First name', { exact: true }).fill(data.firstName);
    await adult.getByLabel('Last name', { exact: true }).fill(data.lastName);
    await this.choose(adult, 'Day', data.day);
    await this.choose(adult, 'Month', data.month);
    await this.choose(adult, 'Year', data.year);
    await this.choose(adult, 'Nationality', data.country, true);
    await adult.getByLabel('Passport number', { exact: true }).fill(data.passport);
    await this.choose(adult, 'Passport country', data.country, true);
    await adult.getByLabel('Passport expiry', { exact: true }).fill(data.expiry);
  }

  seat(label: string): Locator {
    return this.picker.getByRole('button', { name: label, exact: true });
  }

  tab(name: 'Outbound' | 'Returning'): Locator {
    return this.picker.getByRole('tab', { name: new RegExp(`^${name}`) });
  }

  proceed(): Locator {
    return this.picker.getByRole('button', { name: 'Proceed To Payment', exact: true });
  }

  /** One traveller, a mobile number and one seat, then on to the payment page. */
  async bookOne(seat: string, data: TravellerData = ADA): Promise<void> {
    await this.fillTraveller(1, data);
    await this.field('Mobile number').fill('+234 805 000 1111');
    await this.button('Continue').click();
    await this.seat(seat).click();
    await this.proceed().click();
  }
}
