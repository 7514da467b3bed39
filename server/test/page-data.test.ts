import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_DATA_ID, type PageData } from '../../sync/page-data';
import type { Airport } from '../../sync/schemas/airport';
import type { Flight } from '../../sync/schemas/flight';
import type { PublicSettings } from '../../sync/schemas/settings';
import { localDate } from '../../sync/time';
import { pageDataScript, listingPageData, withPageData } from '../pwa-pages';
import { ADMIN, client, login, startTestServer, type TestServer } from './harness';

describe('the data a listing page carries', () => {
  let server: TestServer;
  let flight: Flight;
  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const all = (await client(server.url).get<Flight[]>(`/api/flights?departureTime=${day}`)).body;
    const later = all.find((f) => Date.parse(f.departureTime) > Date.now() + 3 * 86_400_000);
    if (!later) throw new Error('the demo data has no flight in three days');
    flight = later;
  });
  afterAll(() => server.stop());

  it('is what the API answers for the same search, with the airports', async () => {
    const api = client(server.url);
    const date = localDate(flight.departureTime, flight.origin.timeZone);
    const path = `/api/flights?origin=${flight.origin.code}&destination=${flight.destination.code}&departureTime=${date}`;
    const data = await listingPageData(server.ctx, { from: flight.origin.code, to: flight.destination.code, date, type: 'one', travelers: '2' });
    expect(data?.flights?.flights.map((f) => f._id)).toContain(flight._id);
    expect(data?.flights).toEqual({ origin: flight.origin.code, destination: flight.destination.code, date, flights: (await api.get<Flight[]>(path)).body });
    const strip = `/api/flights/lowest-fares?from=${flight.origin.code}&to=${flight.destination.code}&date=${date}&travelers=2`;
    expect(data?.lowestFares).toEqual({ from: flight.origin.code, to: flight.destination.code, date, travelers: 2, days: (await api.get(strip)).body });
    expect(data?.lowestFares?.days).toHaveLength(7);
    expect(data?.airports).toEqual((await api.get<Airport[]>('/api/airports')).body);
    expect(data?.settings).toEqual((await api.get<PublicSettings>('/api/settings')).body);
  });

  it('is nothing for a listing URL without a complete, well-formed search', async () => {
    for (const query of [
      {},
      { from: 'LOS', to: 'LHR' },
      { from: 'LOS', to: 'LHR', date: '2026-13-40' },
      { from: 'los', to: 'LHR', date: '2026-12-01' },
      { from: ['LOS'], to: 'LHR', date: '2026-12-01' },
    ]) {
      expect(await listingPageData(server.ctx, query)).toBeNull();
    }
  });

  it('cannot be closed from inside, whatever a name holds', () => {
    const hostile = '</script><script>alert(1)</script><!--';
    const data: PageData = {
      airports: [{ _id: 'x', name: hostile, city: hostile, code: 'XXX', country: 'X', timeZone: 'UTC', terminals: [] } as unknown as Airport],
    };
    const script = pageDataScript(data);
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(script.endsWith('</script>')).toBe(true);
    const body = script.slice(`<script type="application/json" id="${PAGE_DATA_ID}">`.length, -'</script>'.length);
    expect(JSON.parse(body)).toEqual(data);
  });

  it('keeps the page whole when an airport name holds replacement patterns like $` and $&', async () => {
    const name = "Gate $` and $& and $' and $$ Field";
    const admin = client(server.url, await login(server.url, ADMIN.email, ADMIN.password));
    expect((await admin.post('/api/airports', { name, code: 'DLR', city: "Cash $'", country: 'Nowhere', timeZone: 'UTC' })).status).toBe(201);
    const date = localDate(flight.departureTime, flight.origin.timeZone);
    const data = await listingPageData(server.ctx, { from: flight.origin.code, to: flight.destination.code, date });
    expect(data?.airports?.map((a) => a.name)).toContain(name);
    if (!data) throw new Error('no page data');
    const html = '<!doctype html><html><head><title>SkyWay</title></head><body><div id="root"></div></body></html>';
    const page = withPageData(html, data);
    expect(page).toBe(`<!doctype html><html><head><title>SkyWay</title></head><body><div id="root"></div>${pageDataScript(data)}</body></html>`);
  });
});
