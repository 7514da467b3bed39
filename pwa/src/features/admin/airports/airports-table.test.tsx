// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Airport } from '../../../../../sync/schemas/airport';
import { renderDashboard, stubDialogs } from '../../../components/test-kit';
import { AirportsTable } from './airports-table';

const CITIES = ['Accra', 'Berlin', 'Cairo', 'Dakar', 'Entebbe', 'Frankfurt', 'Geneva', 'Harare', 'Istanbul', 'Johannesburg', 'Kano', 'Lagos'];
let airports: Airport[] = [];
const posted: unknown[] = [];
const server = setupServer(
  http.get('/api/airports', () => HttpResponse.json(airports)),
  http.post('/api/airports', async ({ request }) => {
    const body = (await request.json()) as Airport;
    posted.push(body);
    airports = [...airports, { ...body, _id: 'new', timeZone: 'Africa/Abidjan', createdAt: '' }];
    return HttpResponse.json({ message: 'Airport created successfully' }, { status: 201 });
  }),
  http.delete('/api/airports', () => HttpResponse.json({ message: 'This airport is used by flights and cannot be deleted' }, { status: 409 })),
);

beforeAll(() => {
  stubDialogs();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  airports = CITIES.map((city, i) => ({
    _id: `a${i}`,
    name: `${city} Airport`,
    code: `${city.slice(0, 2).toUpperCase()}${String.fromCharCode(65 + i)}`,
    city,
    country: 'X',
    timeZone: 'UTC',
    createdAt: '',
  }));
  posted.length = 0;
});
afterEach(cleanup);
afterAll(() => server.close());

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('admin airports table', () => {
  it('shows 5 airports a page with a pager, and searches', async () => {
    const user = userEvent.setup();
    renderDashboard(<AirportsTable />);
    expect(await screen.findByText('Accra Airport')).toBeTruthy();
    expect(bodyRows()).toHaveLength(5);
    expect(screen.getByText('12 airports')).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByRole('button', { name: 'Page 3' })).toBeTruthy();
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(within(bodyRows()[0] ?? document.body).getByText('Frankfurt Airport')).toBeTruthy();
    await user.click(within(pager).getByRole('button', { name: 'Page 3' }));
    expect(bodyRows()).toHaveLength(2);
    await user.type(screen.getByLabelText('Search airports'), 'lagos');
    expect(bodyRows()).toHaveLength(1);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    await user.clear(screen.getByLabelText('Search airports'));
    await user.type(screen.getByLabelText('Search airports'), 'zzz');
    expect(screen.getByText('No airports available')).toBeTruthy();
  });

  it('Add checks the spec texts, then creates and refetches', async () => {
    const user = userEvent.setup();
    renderDashboard(<AirportsTable />);
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Airport' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Airport' }));
    for (const text of ['Airport name is required', 'Airport code must be exactly 3 letters', 'City is required', 'Country is required']) {
      expect(within(dialog).getByText(text)).toBeTruthy();
    }
    await user.type(within(dialog).getByLabelText('Name'), 'Kotoka International');
    await user.type(within(dialog).getByLabelText('Code'), 'acc');
    await user.type(within(dialog).getByLabelText('City'), 'Accra');
    await user.type(within(dialog).getByLabelText('Country'), 'Ghana');
    await user.click(within(dialog).getByRole('button', { name: 'Save Airport' }));
    expect(await screen.findByText('Airport created successfully')).toBeTruthy();
    expect(posted).toEqual([{ name: 'Kotoka International', code: 'ACC', city: 'Accra', country: 'Ghana' }]);
    expect(await screen.findByText('13 airports')).toBeTruthy();
  });

  it('asks before deleting and shows why the server refused', async () => {
    const user = userEvent.setup();
    renderDashboard(<AirportsTable />);
    await user.click(await screen.findByRole('button', { name: 'Delete ACA' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete airport?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This airport is used by flights and cannot be deleted')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
