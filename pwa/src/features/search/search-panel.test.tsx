// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Airport } from '../../../../sync/schemas/airport';
import { ToastProvider } from '../../components/ui/toast-provider';
import { addDays, localToday } from '../../lib/trip/local-today';
import { SearchPanel } from './search-panel';
import { EMPTY_SEARCH } from '../../lib/trip/search-values';

const airport = (code: string, city: string): Airport => ({
  _id: `id-${code}`,
  name: `${city} Airport`,
  code,
  city,
  country: 'X',
  timeZone: 'UTC',
  createdAt: '2026-01-01T00:00:00.000Z',
});

function Location() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderPanel(): void {
  const router = createMemoryRouter(
    [
      { path: '/', element: <SearchPanel initial={{ ...EMPTY_SEARCH, travelers: null }} submitLabel="Find Flight" /> },
      { path: '/listing', element: <Location /> },
    ],
    { initialEntries: ['/'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ToastProvider>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </ToastProvider>
  );
  render(<RouterProvider router={router} />, { wrapper });
}

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
  const airports = [airport('LOS', 'Lagos'), airport('LHR', 'London')];
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(airports), { status: 200 }))),
  );
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SearchPanel', () => {
  it('reports the spec messages in order, then opens the listing and stores the search', async () => {
    const user = userEvent.setup();
    renderPanel();
    const form = await screen.findByRole('form', { name: 'Search flights' });
    const submit = within(form).getByRole('button', { name: 'Find Flight' });
    const lastToast = () => screen.getAllByRole('alert').at(-1)?.textContent;
    const choose = async (name: string, option: string) => {
      await user.click(within(form).getByRole('combobox', { name }));
      await user.click(await screen.findByRole('option', { name: option }));
    };
    const date = addDays(localToday(), 3);

    await user.click(submit);
    expect(lastToast()).toBe('Please select a departure location.');
    await choose('From', 'Lagos(LOS)');
    await user.click(submit);
    expect(lastToast()).toBe('Please select a destination.');
    await choose('To', 'London(LHR)');
    await user.click(submit);
    expect(lastToast()).toBe('Please select a departure date.');
    await user.type(within(form).getByLabelText('Departure date'), date);
    await user.click(submit);
    expect(lastToast()).toBe('Please select a travel class.');
    await choose('Class', 'Business');
    await user.click(submit);
    expect(lastToast()).toBe('Please select the number of travelers.');
    await choose('Travelers', '3 Travelers');
    await user.click(submit);

    expect((await screen.findByTestId('location')).textContent).toBe(`/listing?from=LOS&to=LHR&date=${date}&type=one&class=Business&travelers=3`);
    expect(JSON.parse(localStorage.getItem('searchForm') ?? '{}')).toMatchObject({
      type: 'One Way',
      class: 'Business',
      travelers: 3,
      from: 'id-LOS',
      to: 'id-LHR',
      date,
    });
  });

  it('shows a return date for a round trip and leaves out the chosen origin from the destinations', async () => {
    const user = userEvent.setup();
    renderPanel();
    const form = await screen.findByRole('form', { name: 'Search flights' });
    expect(within(form).queryByLabelText('Return date')).toBeNull();
    await user.click(within(form).getByRole('radio', { name: 'Round Trip' }));
    expect(within(form).getByLabelText('Return date')).not.toBeNull();

    await user.click(within(form).getByRole('combobox', { name: 'From' }));
    await user.click(await screen.findByRole('option', { name: 'Lagos(LOS)' }));
    await user.click(within(form).getByRole('combobox', { name: 'To' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['London(LHR)']);
  });
});
