import type { Locator, Page } from '@playwright/test';

type Combobox = 'From' | 'To' | 'Class' | 'Travelers';

// The flight search panel of the home hero and the listing.
export class SearchPanel {
  readonly form: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Search flights' });
  }

  combobox(name: Combobox): Locator {
    return this.form.getByRole('combobox', { name, exact: true });
  }

  date(name: 'Departure date' | 'Return date'): Locator {
    return this.form.getByLabel(name, { exact: true });
  }

  button(name: 'Find Flight' | 'Update'): Locator {
    return this.form.getByRole('button', { name, exact: true });
  }

  async tripType(name: 'One Way' | 'Round Trip'): Promise<void> {
    await this.form.getByRole('radio', { name, exact: true }).check();
  }

  /** Opens a dropdown and clicks an option; airports are narrowed by typing their code first. */
  async choose(name: Combobox, option: string): Promise<void> {
    const box = this.combobox(name);
    await box.click();
    if (name === 'From' || name === 'To') await box.fill(/\((\w{3})\)$/.exec(option)?.[1] ?? option);
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  async fill(search: { from: string; to: string; date: string; returnDate?: string; travelClass: string; travelers?: string }): Promise<void> {
    if (search.returnDate) await this.tripType('Round Trip');
    await this.choose('From', search.from);
    await this.choose('To', search.to);
    await this.date('Departure date').fill(search.date);
    if (search.returnDate) await this.date('Return date').fill(search.returnDate);
    await this.choose('Class', search.travelClass);
    if (search.travelers) await this.choose('Travelers', search.travelers);
  }
}
