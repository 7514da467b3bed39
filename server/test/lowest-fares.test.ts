import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LowestFareSchema, type LowestFare } from '../../sync/schemas/lowest-fares';
import { actors, book, flightAt } from './booking-fixtures';
import { expectInvalid, writeRaw } from './fixtures';
import { client, startTestServer, type TestServer } from './harness';

const SEATS = ['A1', 'B1', 'C1', 'D1', 'E1', 'F1', 'A2', 'B2', 'C2', 'D2', 'E2', 'F2', 'A3', 'B3', 'C3', 'D3', 'E3', 'F3', 'A4', 'B4'];

describe('GET /api/flights/lowest-fares: the listing date strip', () => {
  let server: TestServer;
  let api: ReturnType<typeof client>;
  const strip = async (query: string) => {
    const res = await api.get<LowestFare[]>(`/api/flights/lowest-fares?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    for (const day of res.body) LowestFareSchema.strict().parse(day);
    return res.body;
  };
  const prices = (days: LowestFare[]) => Object.fromEntries(days.map((d) => [d.date, d.lowestPrice]));

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    api = client(server.url);
    // Lagos is on UTC+1: 12:00Z is the afternoon of the same local date.
    await flightAt(server, 'LOS', 'LHR', new Date('2031-05-10T12:00:00Z'), 400, 480);
    await flightAt(server, 'LOS', 'LHR', new Date('2031-05-10T20:00:00Z'), 400, 420.5);
    const cancelled = await flightAt(server, 'LOS', 'LHR', new Date('2031-05-11T12:00:00Z'), 400, 99);
    await writeRaw(server.ctx, "update flights set status = 'cancelled' where id = ?", cancelled._id);
    const nearlyFull = await flightAt(server, 'LOS', 'LHR', new Date('2031-05-12T12:00:00Z'), 400, 600);
    await flightAt(server, 'LOS', 'LHR', new Date('2031-05-16T12:00:00Z'), 400, 700);
    await flightAt(server, 'LHR', 'LOS', new Date('2031-05-13T12:00:00Z'), 400, 50);
    const { owner } = await actors(server, 'strip');
    // 20 of 24 seats held: four travellers still fit, five do not.
    for (let i = 0; i < 4; i += 1) await book(owner, nearlyFull, SEATS.slice(i * 5, i * 5 + 5));
  });
  afterAll(() => server.stop());

  it('answers seven days around the date, each with the lowest bookable Economy price of that day', async () => {
    const days = await strip('from=LOS&to=LHR&date=2031-05-13');
    expect(days.map((d) => d.date)).toEqual(['2031-05-10', '2031-05-11', '2031-05-12', '2031-05-13', '2031-05-14', '2031-05-15', '2031-05-16']);
    expect(prices(days)).toEqual({
      '2031-05-10': 420.5,
      '2031-05-11': null,
      '2031-05-12': 600,
      '2031-05-13': null,
      '2031-05-14': null,
      '2031-05-15': null,
      '2031-05-16': 700,
    });
    expect(days[0]?.flights).toBe(2);
    expect(days[1]?.flights).toBe(0);
  });

  it('counts only flights with seats for every traveller', async () => {
    expect(prices(await strip('from=LOS&to=LHR&date=2031-05-12&days=0&travelers=4'))).toEqual({ '2031-05-12': 600 });
    expect(prices(await strip('from=LOS&to=LHR&date=2031-05-12&days=0&travelers=5'))).toEqual({ '2031-05-12': null });
  });

  it('leaves out flights that have departed', async () => {
    server.setNow(new Date('2031-05-10T15:00:00Z'));
    try {
      const [day] = await strip('from=LOS&to=LHR&date=2031-05-10&days=0');
      expect(day).toEqual({ date: '2031-05-10', lowestPrice: 420.5, flights: 1 });
      server.setNow(new Date('2031-05-10T21:00:00Z'));
      expect((await strip('from=LOS&to=LHR&date=2031-05-10&days=0'))[0]).toEqual({ date: '2031-05-10', lowestPrice: null, flights: 0 });
    } finally {
      server.setNow(new Date());
    }
  });

  it('takes airport ids or codes in any case, and an unknown airport has empty days', async () => {
    const byCode = await strip('from=LOS&to=LHR&date=2031-05-13');
    const los = (await api.get<{ _id: string }>('/api/airports?id=LOS')).body._id;
    expect(await strip(`from=${los}&to=lhr&date=2031-05-13`)).toEqual(byCode);
    const unknown = await strip('from=ZZZ&to=LHR&date=2031-05-13&days=1');
    expect(unknown).toEqual(['2031-05-12', '2031-05-13', '2031-05-14'].map((date) => ({ date, lowestPrice: null, flights: 0 })));
  });

  it('crosses month and year ends by the calendar', async () => {
    expect((await strip('from=LOS&to=LHR&date=2031-01-01&days=2')).map((d) => d.date)).toEqual([
      '2030-12-30',
      '2030-12-31',
      '2031-01-01',
      '2031-01-02',
      '2031-01-03',
    ]);
    expect((await strip('from=LOS&to=LHR&date=2032-03-01&days=1')).map((d) => d.date)).toEqual(['2032-02-29', '2032-03-01', '2032-03-02']);
  });

  it('refuses a query outside its bounds with a 400 in the error shape', async () => {
    const days = 'days must be a whole number from 0 to 3';
    const travelers = 'travelers must be a whole number from 1 to 5';
    const cases: [string, string][] = [
      ['from=LOS&to=LHR&date=2031-05-13&days=4', days],
      ['from=LOS&to=LHR&date=2031-05-13&days=1000000', days],
      ['from=LOS&to=LHR&date=2031-05-13&days=-1', days],
      ['from=LOS&to=LHR&date=2031-05-13&days=1.5', days],
      ['from=LOS&to=LHR&date=2031-05-13&days=x', days],
      ['from=LOS&to=LHR&date=2031-05-13&travelers=0', travelers],
      ['from=LOS&to=LHR&date=2031-05-13&travelers=6', travelers],
      ['from=LOS&to=LHR&date=2031-02-30', 'Must be a date (YYYY-MM-DD)'],
      ['from=LOS&to=LHR&date=13-05-2031', 'Must be a date (YYYY-MM-DD)'],
      ['from=LOS&to=LHR', 'Must be a date (YYYY-MM-DD)'],
      ['to=LHR&date=2031-05-13', 'from is required'],
      ['from=LOS&to=&date=2031-05-13', 'to is required'],
      [`from=${'x'.repeat(65)}&to=LHR&date=2031-05-13`, 'from is too long'],
      ['from=LOS&from=ABJ&to=LHR&date=2031-05-13', 'from is required'],
    ];
    for (const [query, message] of cases) expectInvalid(await api.get(`/api/flights/lowest-fares?${query}`), message);
  });
});
