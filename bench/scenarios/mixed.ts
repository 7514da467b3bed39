import autocannon from 'autocannon';
import { toResult } from '../load';
import type { Scenario } from '../types';
import { bodies, buyerToken, laterFlights, MIXED_SEATS } from './booking-create';
import { searchPaths } from './flight-search';
import { travellerToken } from './sync-timing';

/**
 * 200 clients for 60 s: of every ten requests, eight search flights, one books a distinct seat and
 * one reads the buyer's own bookings or payments.
 */
export const mixed: Scenario = {
  name: 'mixed-200',
  target: { maxP99Ms: 100, maxErrors: 0 },
  async run(baseUrl) {
    const token = await buyerToken(baseUrl);
    // NOTE: reads go as the demo traveller, whose few bookings are what a real traveller has.
    const reader = `Bearer ${await travellerToken(baseUrl)}`;
    const flights = await laterFlights(baseUrl);
    const bookingsQueue = bodies(flights, MIXED_SEATS);
    const searches = await searchPaths(baseUrl);
    let booking = 0;
    let search = 0;
    let read = 0;
    const searchRequest = (): autocannon.Request => ({
      method: 'GET',
      path: '/',
      setupRequest: (req) => ({ ...req, path: searches[search++ % searches.length] }),
    });
    const requests: autocannon.Request[] = [
      ...Array.from({ length: 8 }, searchRequest),
      { method: 'POST', path: '/api/payments', setupRequest: (req) => ({ ...req, body: bookingsQueue[booking++ % bookingsQueue.length] }) },
      {
        method: 'GET',
        path: '/',
        setupRequest: (req) => ({ ...req, path: read++ % 2 ? '/api/payments/user' : '/api/bookings/user', headers: { ...req.headers, authorization: reader } }),
      },
    ];
    const raw = await autocannon({
      url: baseUrl,
      connections: 200,
      duration: 60,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      requests,
    });
    return { ...toResult(raw), notes: [`${search} searches, ${booking} bookings, ${read} reads of own bookings and payments`] };
  },
};
