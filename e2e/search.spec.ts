import { expect, test } from '@playwright/test';
import { datePlus } from './pages/dates';
import { ListingPage } from './pages/listing-page';
import { SearchPanel } from './pages/search-panel';
import { lastErrorToast } from './pages/toasts';

test('search validation shows the five messages in the spec order, one per attempt', async ({ page }) => {
  await page.goto('/');
  const search = new SearchPanel(page);
  const submitAndExpect = async (message: string) => {
    await search.button('Find Flight').click();
    await expect(lastErrorToast(page)).toHaveText(message);
    await expect(page).toHaveURL('/');
  };

  await submitAndExpect('Please select a departure location.');
  await search.choose('From', 'Lagos(LOS)');
  await submitAndExpect('Please select a destination.');
  await search.choose('To', 'London(LHR)');
  await submitAndExpect('Please select a departure date.');
  await search.date('Departure date').fill(datePlus(5));
  await submitAndExpect('Please select a travel class.');

  // Travellers default to 1 on the panel; a shared link can carry an invalid count.
  await page.goto(`/listing?from=LOS&to=LHR&date=${datePlus(5)}&type=one&class=Economy&travelers=0`);
  await expect(search.combobox('Travelers')).toHaveText('Select');
  await search.button('Update').click();
  await expect(lastErrorToast(page)).toHaveText('Please select the number of travelers.');
});

test('an error toast leaves after 5 seconds', async ({ page }) => {
  await page.goto('/');
  await new SearchPanel(page).button('Find Flight').click();
  const toast = lastErrorToast(page);
  await expect(toast).toBeVisible();
  await page.waitForTimeout(4_000);
  await expect(toast).toBeVisible();
  await expect(toast).toBeHidden({ timeout: 3_000 });
});

test('a home search opens the listing of LOS to LHR with the search in the URL and in localStorage', async ({ page }) => {
  const date = datePlus(6);
  await page.goto('/');
  const search = new SearchPanel(page);
  await search.fill({ from: 'Lagos(LOS)', to: 'London(LHR)', date, travelClass: 'Economy', travelers: '2 Travelers' });
  await search.button('Find Flight').click();

  await expect(page).toHaveURL(`/listing?from=LOS&to=LHR&date=${date}&type=one&class=Economy&travelers=2`);
  const listing = new ListingPage(page);
  await expect(listing.heading(/^\d+ Flight Available$/)).toBeVisible();
  await expect(listing.card()).toContainText('LOS');
  await expect(listing.card()).toContainText('LHR');
  expect(await listing.storedSearch()).toMatchObject({
    type: 'One Way',
    class: 'Economy',
    travelers: 2,
    fromCode: 'LOS',
    toCode: 'LHR',
    date,
  });
});

test('the From and To lists leave out the other side and filter as you type', async ({ page }) => {
  await page.goto('/');
  const search = new SearchPanel(page);
  await search.choose('From', 'Lagos(LOS)');
  await search.combobox('To').click();
  await expect(page.getByRole('option', { name: 'London(LHR)' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Lagos(LOS)' })).toHaveCount(0);
  await search.combobox('To').fill('zzz');
  await expect(page.getByText('No options available')).toBeVisible();
});

test('dropdowns work from the keyboard and close on Escape and outside clicks', async ({ page }) => {
  await page.goto('/');
  const search = new SearchPanel(page);
  const travelClass = search.combobox('Class');
  await travelClass.focus();
  await page.keyboard.press('ArrowDown');
  await expect(travelClass).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await expect(travelClass).toHaveText('First Class');
  await expect(travelClass).toHaveAttribute('aria-expanded', 'false');
  await expect(travelClass).toBeFocused();

  await page.keyboard.press('Enter');
  await page.keyboard.press('Home');
  await expect(page.getByRole('option', { name: 'Economy', exact: true })).toHaveClass(/is-active/);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(travelClass).toHaveText('First Class');

  await travelClass.click();
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.getByRole('heading', { name: 'Ready to take off?' }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
});

test('a dropdown near the bottom of the window opens upward, with a list of at most 15rem', async ({ page }) => {
  await page.goto('/');
  const travelers = new SearchPanel(page).combobox('Travelers');
  const list = page.getByRole('listbox');

  await travelers.click();
  const [below, trigger] = [await list.boundingBox(), await travelers.boundingBox()];
  expect(below && trigger && below.y >= trigger.y + trigger.height).toBe(true);
  expect(await list.evaluate((element) => getComputedStyle(element).maxHeight)).toBe('240px');
  await page.keyboard.press('Escape');

  // Leave less than 200 px under the control.
  const box = await travelers.boundingBox();
  await page.setViewportSize({ width: 1280, height: Math.round((box?.y ?? 0) + (box?.height ?? 0) + 150) });
  await travelers.click();
  const [above, moved] = [await list.boundingBox(), await travelers.boundingBox()];
  expect(above && moved && above.y + above.height <= moved.y).toBe(true);
});

test('Book a Flight scrolls to the search panel and focuses it', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Book a Flight' }).click();
  const panel = new SearchPanel(page).form;
  await expect(panel).toBeFocused();
  await expect(panel).toBeInViewport();
});

test('popular destinations show the four cards with sized, lazy images', async ({ page }) => {
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Popular Destinations' });
  // Their notes are the schedule's next flights (e2e/true-texts.spec.ts).
  for (const name of ['Thailand', 'Hong Kong', 'Maldives', 'Switzerland']) {
    const card = section.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await expect(card).toContainText(/Next flight|No flight in the coming week/);
    const image = card.getByRole('img');
    await expect(image).toHaveAttribute('src', /^\/api\/images\/[0-9a-f]{32}$/);
    await expect(image).toHaveAttribute('loading', 'lazy');
    await expect(image).toHaveAttribute('width', '800');
    await expect(image).toHaveAttribute('height', '560');
  }
  await expect(page.getByText(/^Total \d+ destinations that we work with$/)).toBeVisible();
  await expect(page.getByText('With an easy and fast ticket purchase process')).toBeVisible();
});

for (const width of [1280, 360]) {
  test(`an airport code and Enter choose that airport; names and countries find airports too, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const search = new SearchPanel(page);
    const from = search.combobox('From');
    await from.fill('los');
    // The airports load with the page: Enter chooses among those listed.
    await expect(page.getByRole('option', { name: 'Lagos(LOS)' })).toBeVisible();
    await from.press('Enter');
    await expect(from).toHaveValue('Lagos(LOS)');

    const to = search.combobox('To');
    await to.fill('Heathrow');
    await expect(page.getByRole('option')).toHaveText(['London(LHR)']);
    await to.press('Enter');
    await expect(to).toHaveValue('London(LHR)');

    await to.fill('Japan');
    await expect(page.getByRole('option')).toHaveText(['Tokyo(HND)']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
