// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Airport } from '../../../../../sync/schemas/airport';
import type { Flight } from '../../../../../sync/schemas/flight';
import { renderDashboard, stubDialogs } from '../../../components/test-kit';
import { FlightsTable } from './flights-table';

const airport = (code: string, city: string, timeZone: string): Airport => ({
  _id: `id-${code}`,
  name: `${city} Airport`,
  code,
  city,
  country: 'X',
  timeZone,
  createdAt: '',
});
const LOS = airport('LOS', 'Lagos', 'Africa/Lagos');
const LHR = airport('LHR', 'London', 'Europe/London');
const FLIGHTS: Flight[] = Array.from({ length: 23 }, (_, i) => ({
  _id: `f${i}`,
  flightNumber: `SW${1000 + i}`,
  origin: LOS,
  destination: LHR,
  departureTime: '2031-01-10T09:00:00.000Z',
  arrivalTime: '2031-01-10T15:45:00.000Z',
  duration: 405,
  availableSeats: 24 - (i % 3),
  status: 'scheduled',
  price: 420,
  gate: null,
  boardingTime: null,
  createdAt: '',
}));

const asked: URLSearchParams[] = [];
const created: unknown[] = [];
const server = setupServer(
  http.get('/api/flights', ({ request }) => {
    const query = new URL(request.url).searchParams;
    asked.push(query);
    const matches = FLIGHTS.filter((f) => f.flightNumber.includes(query.get('search') ?? ''));
    const page = Number(query.get('page'));
    const limit = Number(query.get('limit'));
    return HttpResponse.json(matches.slice((page - 1) * limit, page * limit), { headers: { 'X-Total-Count': String(matches.length) } });
  }),
  http.get('/api/airports', () => HttpResponse.json([LOS, LHR])),
  http.post('/api/flights', async ({ request }) => {
    created.push(await request.json());
    return HttpResponse.json({ message: 'Flight created successfully' }, { status: 201 });
  }),
);

beforeAll(() => {
  stubDialogs();
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(cleanup);
afterAll(() => server.close());

const today = () => dayjs().format('YYYY-MM-DD');
const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('admin flights table', () => {
  it('pages on the server, 5 a page, with the count and Prev, numbers and Next', async () => {
    const user = userEvent.setup();
    renderDashboard(<FlightsTable />);
    expect(await screen.findByText('23 flights')).toBeTruthy();
    expect(bodyRows()).toHaveLength(5);
    expect(asked.at(-1)?.toString()).toBe(`page=1&limit=5&from=${today()}`);
    const cells = within(bodyRows()[0] ?? document.body)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 10)).toEqual([
      '1',
      'SW1000',
      'Lagos (LOS)',
      'London (LHR)',
      'Jan 10, 2031 10:00',
      'Jan 10, 2031 15:45',
      '6.75 hrs',
      '24',
      'scheduled',
      '$420.00',
    ]);
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByRole('button', { name: 'Prev' })).toHaveProperty('disabled', true);
    await user.click(within(pager).getByRole('button', { name: 'Page 5' }));
    expect(await screen.findByText('SW1020')).toBeTruthy();
    expect(bodyRows()).toHaveLength(3);
    expect(within(pager).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    await user.click(within(pager).getByRole('button', { name: 'Prev' }));
    expect(await screen.findByText('SW1015')).toBeTruthy();
  });

  it('searches by flight number from page 1', async () => {
    const user = userEvent.setup();
    renderDashboard(<FlightsTable />);
    await screen.findByText('23 flights');
    await user.click(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: 'Next' }));
    await user.type(screen.getByLabelText('Search by flight number'), 'sw101');
    expect(await screen.findByText('10 flights')).toBeTruthy();
    expect(asked.at(-1)?.get('search')).toBe('SW101');
    expect(asked.at(-1)?.get('page')).toBe('1');
    await user.clear(screen.getByLabelText('Search by flight number'));
    await user.type(screen.getByLabelText('Search by flight number'), 'XX');
    expect(await screen.findByText('No flights available')).toBeTruthy();
  });

  it("opens on today's departures and filters by route, dates and status from page 1", async () => {
    const user = userEvent.setup();
    renderDashboard(<FlightsTable />);
    await screen.findByText('23 flights');
    await user.click(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('combobox', { name: 'Origin' }));
    await user.click(screen.getByRole('option', { name: 'Lagos(LOS)' }));
    await user.click(screen.getByRole('combobox', { name: 'Destination' }));
    await user.click(screen.getByRole('option', { name: 'London(LHR)' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'delayed' }));
    const until = screen.getByLabelText('Departing until');
    await user.type(until, '2031-02-01');
    await screen.findByText('23 flights');
    const query = asked.at(-1);
    expect(Object.fromEntries(query?.entries() ?? [])).toEqual({
      page: '1',
      limit: '5',
      origin: 'id-LOS',
      destination: 'id-LHR',
      from: today(),
      to: '2031-02-01',
      status: 'delayed',
    });
    await user.clear(screen.getByLabelText('Departing from'));
    expect(asked.at(-1)?.has('from')).toBe(false);
  });

  it('Create Flight says what is missing, then sends the local times as instants', async () => {
    const user = userEvent.setup();
    renderDashboard(<FlightsTable />);
    await screen.findByText('23 flights');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Flight' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Flight' }));
    for (const text of [
      'Origin is required',
      'Destination is required',
      'Departure time is required',
      'Arrival time is required',
      'Price must be greater than 0',
    ]) {
      expect(within(dialog).getByText(text)).toBeTruthy();
    }
    await user.click(within(dialog).getByRole('combobox', { name: 'Origin' }));
    await user.click(screen.getByRole('option', { name: 'Lagos(LOS)' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Destination' }));
    expect(screen.queryByRole('option', { name: 'Lagos(LOS)' })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'London(LHR)' }));
    expect(within(dialog).getByLabelText('Departure').getAttribute('step')).toBe('900');
    await user.type(within(dialog).getByLabelText('Departure'), '2031-07-01T10:00');
    await user.type(within(dialog).getByLabelText('Arrival'), '2031-07-01T15:30');
    await user.type(within(dialog).getByLabelText('Price ($)'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Create Flight' }));
    expect(within(dialog).getByText('Price must be greater than 0')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Price ($)'));
    await user.type(within(dialog).getByLabelText('Price ($)'), '399.99');
    await user.click(within(dialog).getByRole('button', { name: 'Create Flight' }));
    expect(await screen.findByText('Flight created successfully')).toBeTruthy();
    // Lagos is UTC+1 all year; London is UTC+1 in July.
    expect(created).toEqual([
      { origin: 'id-LOS', destination: 'id-LHR', departureTime: '2031-07-01T09:00:00.000Z', arrivalTime: '2031-07-01T14:30:00.000Z', price: 399.99 },
    ]);
  });
});
